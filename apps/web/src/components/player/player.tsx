import { useEffect, useMemo, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ChevronLeft, ChevronRight, Loader2, X } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { historyKey, titleOf, type Episode, type MovieDetails, type TvDetails } from '@marquee/core';
import { PlayerMarkWatched } from '@/components/tracking/player-tracking.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { useSeason } from '@/lib/catalogue/catalogue-api.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { useSettings } from '@/lib/local-store/hooks.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { useTitleMedia } from '@/lib/player/media-api.ts';
import { useTitleMediaServer } from '@/lib/player/media-server-api.ts';
import {
  daysSinceRelease,
  isRecentRelease,
  MOBILE_QUERY,
  PLAYER_TIMING,
  seasonOfInitialEpisode,
  swipeDirection,
  TOAST_MS,
} from '@/lib/player/player-rules.ts';
import { installPopupGuard } from '@/lib/player/popup-guard.ts';
import {
  backupSourceIndex,
  buildSources,
  defaultSourcePosition,
  initialSourceIndex,
  type MediaServerContext,
} from '@/lib/player/sources.ts';
import { EmbedFrame } from './embed-frame.tsx';
import { EpisodeBrowser } from './episode-browser.tsx';
import { LibraryPlayback } from './library-playback.tsx';
import { MediaServerVideo } from './media-server-video.tsx';
import { RecentReleaseDialog } from './recent-release-dialog.tsx';
import { ShareMenu } from './share-menu.tsx';
import { SourceSelect } from './source-select.tsx';

/** Previous/Next with no episode that way: greyed, and a click does nothing. */
const AT_THE_END = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export interface PlayerProps {
  details: MovieDetails | TvDetails;
  initialSeason?: number | null;
  initialEpisode?: number | null;
  onBack: () => void;
  backLabel?: string;
  /**
   * Moves the focus to the player as it opens: it replaced the control that opened it (Watch Now
   * on a detail page), so a keyboard user's next Tab goes on from the player, not from the page's top.
   */
  focusOnOpen?: boolean;
  /** A series' episode on screen changed (the watch page puts it in its address). */
  onEpisodeChange?: (season: number, episode: number) => void;
  /** Shown right under the video (the watch page's View Comments button). */
  belowVideo?: ReactNode;
}

/** A position worth resuming: past the first seconds and not finished (Marquee's choice). */
const MIN_RESUME_S = 3;

function savedPosition(key: string): number | null {
  const entry = getHistoryStore()
    .getSnapshot()
    .find((item) => historyKey(item) === key);
  if (!entry || entry.completed || entry.duration_watched < MIN_RESUME_S) return null;
  return entry.duration_watched;
}

function initialEpisodeState(
  series: TvDetails | null,
  season?: number | null,
  episode?: number | null,
): { season: number; episode: number | null } {
  if (season && season > 0) return { season, episode: episode ?? null };
  if (episode && episode > 0) {
    return episode >= 100
      ? { season: seasonOfInitialEpisode(episode), episode: episode % 100 || null }
      : { season: seasonOfInitialEpisode(episode), episode };
  }
  return { season: series?.seasons.find((entry) => entry.season_number > 0)?.season_number ?? 1, episode: null };
}

/** A short-lived notice of the popup guard (player.md §9: gone after 2 s). */
function usePopupGuardNotices(): string[] {
  const [notices, setNotices] = useState<{ id: number; text: string }[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<number>();
    const uninstall = installPopupGuard((text) => {
      const id = next++;
      setNotices((current) => [...current, { id, text }]);
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        setNotices((current) => current.filter((notice) => notice.id !== id));
      }, PLAYER_TIMING.popupNoticeMs);
      timers.add(timer);
    });
    return () => {
      uninstall();
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);
  return notices.map((notice) => notice.text);
}

/**
 * The player (player.md §2 "Video player screen", §4 "Player source" and "Series"): the header,
 * the source selector, the Library video or a sandboxed embed, and for a series the episode
 * browser. Used by /watch/{type}/{id} and by the watching view of detail pages.
 */
export function Player({
  details,
  initialSeason,
  initialEpisode,
  onBack,
  backLabel = 'Back',
  focusOnOpen = false,
  onEpisodeChange,
  belowVideo,
}: PlayerProps) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnOpen) section.current?.focus({ preventScroll: true });
  }, [focusOnOpen]);
  const type = details.media_type === 'tv' ? 'tv' : 'movie';
  const series = type === 'tv' ? (details as TvDetails) : null;
  const title = titleOf(details);
  const { settings } = useSettings();
  const { data: config } = useAppConfig();
  const media = useTitleMedia(type, details.id);
  const mediaServer = config?.media_server ?? null;
  const serverMedia = useTitleMediaServer(type, details.id, mediaServer !== null);
  const serverContext = useMemo((): MediaServerContext | null => {
    if (!mediaServer) return null;
    const { data } = serverMedia;
    if (data && data.state !== 'off') {
      return { name: mediaServer.name, state: data.state, message: data.message, files: data.results };
    }
    if (serverMedia.isError) {
      return {
        name: mediaServer.name,
        state: 'unreachable',
        message: `${mediaServer.name} is not reachable`,
        files: [],
      };
    }
    return { name: mediaServer.name, state: 'loading', files: [] };
  }, [mediaServer, serverMedia]);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const notices = usePopupGuardNotices();

  const [{ season, episode }, setPosition] = useState(() => initialEpisodeState(series, initialSeason, initialEpisode));
  const seasonQuery = useSeason(details.id, series ? season : null);
  const episodes = seasonQuery.data?.episodes;
  const currentEpisode = episodes?.find((entry) => entry.episode_number === episode) ?? null;
  const [episodeLoading, setEpisodeLoading] = useState(false);

  // Changing the season clears the episode; the season's first episode then loads (player.md §4).
  useEffect(() => {
    if (series && episode === null && episodes?.length) {
      setPosition((current) => ({ ...current, episode: Math.min(...episodes.map((entry) => entry.episode_number)) }));
    }
  }, [series, episode, episodes]);

  const sources = useMemo(
    () =>
      buildSources({
        type,
        id: details.id,
        season: series ? season : null,
        episode: series ? episode : null,
        library: media.data
          ? { enabled: media.data.enabled, scanning: media.data.scanning, files: media.data.results }
          : media.isError
            ? { enabled: false, files: [] }
            : null,
        mediaServer: serverContext,
        trailer: { supported: config?.features.trailers ?? false, key: details.trailer_key },
        customSources: settings.customVideoSources,
        autoplay: settings.autoplayTrailers,
      }),
    [
      type,
      details.id,
      details.trailer_key,
      series,
      season,
      episode,
      media.data,
      media.isError,
      serverContext,
      config,
      settings.customVideoSources,
      settings.autoplayTrailers,
    ],
  );
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failedKeys = useRef(new Set<string>());
  const selectedIndex = Math.max(
    0,
    sources.findIndex((source) => source.key === selectedKey),
  );
  const selected = selectedKey ? sources[selectedIndex] : undefined;
  // A series also waits for its episode (set once the season loads): before that, the Library
  // has no episode to find a file for and would be passed over.
  const episodeSettled = !series || episode !== null || (!seasonQuery.isPending && !episodes?.length);
  const sourcesSettled =
    !media.isPending && config !== undefined && (!mediaServer || !serverMedia.isPending) && episodeSettled;

  // player.md §4 Player source 1–2: first recommended, else the default index; say so when it differs.
  useEffect(() => {
    if (selectedKey !== null || !sourcesSettled) return;
    const { index, auto } = initialSourceIndex(sources, settings.defaultVideoSource);
    const chosen = sources[index];
    if (!chosen) return;
    setSelectedKey(chosen.key);
    if (auto && index !== defaultSourcePosition(sources, settings.defaultVideoSource)) {
      toast('Auto-selected recommended source', {
        description: `Using ${chosen.name} for best experience`,
        duration: TOAST_MS.change,
      });
    }
  }, [selectedKey, sourcesSettled, sources, settings.defaultVideoSource]);

  function pickSource(index: number) {
    const next = sources[index];
    if (!next) return;
    setError(null);
    failedKeys.current.delete(next.key);
    if (next.name !== selected?.name)
      toast('Video Source Changed', { description: next.name, duration: TOAST_MS.change });
    setSelectedKey(next.key);
  }

  // player.md §4 Player source 4: after 1 s move to the first recommended other source that has
  // not failed yet, else the first other.
  const backupTimer = useRef<number | undefined>(undefined);
  function switchToBackupSoon(reason?: string) {
    window.clearTimeout(backupTimer.current);
    backupTimer.current = window.setTimeout(() => {
      const candidates = sources.map((source) =>
        failedKeys.current.has(source.key) ? { ...source, url: null } : source,
      );
      const backup = backupSourceIndex(candidates, selectedIndex);
      if (backup === null) return;
      setSelectedKey(sources[backup]!.key);
      const now = `Now playing from ${sources[backup]!.name}`;
      toast('Switched to backup source', {
        description: reason ? `${reason}. ${now}` : now,
        duration: TOAST_MS.backup,
      });
    }, PLAYER_TIMING.backupSwitchMs);
  }
  function onSourceError() {
    if (!selected) return;
    // The media server may have gone away: ask the server, so that the source says why (its
    // proxy found it unreachable) instead of only that it failed.
    if (selected.kind === 'media-server') void serverMedia.refetch();
    failedKeys.current.add(selected.key);
    setError(`Failed to load ${selected.name}`);
    switchToBackupSoon();
  }
  useEffect(() => () => window.clearTimeout(backupTimer.current), []);

  // The chosen source cannot play the new episode (the Library has no file for it): the same
  // fallback as a load error, rather than a dead end.
  const cannotPlay = selected !== undefined && selected.url === null;
  useEffect(() => {
    if (!cannotPlay || !selected) return;
    switchToBackupSoon(`${selected.name}: ${selected.disabledReason}`);
    return () => window.clearTimeout(backupTimer.current);
    // switchToBackupSoon reads this render's sources; they are in the list through `selected`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cannotPlay, selected]);

  // History: once per title and episode (player.md §4 Series), when tracking is on, and only once
  // watching starts (DESIGN.md): the Library video plays, or an embed has loaded and stayed open.
  // Opening the page, changing season or episode, or a title nothing can play records nothing.
  const tracking = settings.enableHistoryTracking && settings.autoSaveHistory;
  const entryKey = historyKey({
    movie_id: details.id,
    content_type: type,
    season_number: series ? season : null,
    episode_number: series ? episode : null,
  });
  const resumeAt = useMemo(() => (tracking ? savedPosition(entryKey) : null), [entryKey, tracking]);
  const recorded = useRef(new Set<string>());
  function recordWatching() {
    if (!tracking || (series && episode === null) || recorded.current.has(entryKey)) return;
    recorded.current.add(entryKey);
    const store = getHistoryStore();
    const existing = store.getSnapshot().find((item) => historyKey(item) === entryKey);
    store.add({
      movie_id: details.id,
      movie_title: title,
      movie_poster: details.poster_path,
      content_type: type,
      backdrop_path: details.backdrop_path,
      release_date: 'release_date' in details ? details.release_date : details.first_air_date,
      vote_average: details.vote_average,
      overview: details.overview,
      season_number: series ? season : null,
      episode_number: series ? episode : null,
      episode_title: currentEpisode?.name ?? null,
      // A movie entry is replaced on add: keep where the viewer was.
      duration_watched: existing?.duration_watched ?? 0,
      total_duration: existing?.total_duration ?? null,
      completed: existing?.completed ?? false,
    });
  }

  // The address follows the episode on screen, so a reload or a copied link opens it again. The
  // first episode is the one the address already opens: only the viewer's changes are reported.
  const onEpisodeChangeRef = useRef(onEpisodeChange);
  onEpisodeChangeRef.current = onEpisodeChange;
  const reportedEpisode = useRef<string | null>(null);
  useEffect(() => {
    if (!series || episode === null) return;
    const shown = `${season}:${episode}`;
    if (reportedEpisode.current !== null && reportedEpisode.current !== shown) {
      onEpisodeChangeRef.current?.(season, episode);
    }
    reportedEpisode.current = shown;
  }, [series, season, episode]);

  const loadingTimer = useRef<number | undefined>(undefined);
  function selectEpisode(next: Episode) {
    if (next.episode_number === episode) return;
    setPosition({ season, episode: next.episode_number });
    setEpisodeLoading(true);
    window.clearTimeout(loadingTimer.current);
    loadingTimer.current = window.setTimeout(() => setEpisodeLoading(false), PLAYER_TIMING.episodeLoadingMs);
    toast('Episode Changed', {
      description: `Episode ${next.episode_number}: ${next.name}`,
      duration: TOAST_MS.change,
    });
  }
  useEffect(() => () => window.clearTimeout(loadingTimer.current), []);
  const episodeIndex = episodes?.findIndex((entry) => entry.episode_number === episode) ?? -1;
  const previous = episodeIndex > 0 ? episodes![episodeIndex - 1] : undefined;
  const next = episodes && episodeIndex >= 0 ? episodes[episodeIndex + 1] : undefined;

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  function onTouchEnd(event: TouchEvent) {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || !isMobile) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
    if (direction === 1 && next) selectEpisode(next);
    if (direction === -1 && previous) selectEpisode(previous);
  }

  const releaseDays = type === 'movie' ? daysSinceRelease((details as MovieDetails).release_date, new Date()) : null;
  const [warningOpen, setWarningOpen] = useState(() => isRecentRelease(releaseDays));
  const shareUrl = new URL(paths.watch(type === 'tv' ? 'series' : 'movie', details.id), window.location.origin);
  if (series && episode !== null) {
    shareUrl.searchParams.set('season', String(season));
    shareUrl.searchParams.set('episode', String(episode));
  }
  const analytics = {
    content_id: details.id,
    content_type: type,
    season: series ? season : undefined,
    episode: series ? episode : undefined,
    source: selected?.name,
  };

  // At either end the button is marked aria-disabled rather than disabled: a disabled button drops
  // the keyboard focus of a viewer who just pressed it to reach the first or last episode.
  const prevNext = series && (
    <div className="flex items-center justify-between gap-2" aria-label="Episode navigation" role="group">
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={!previous || undefined}
        onClick={() => previous && selectEpisode(previous)}
        className={AT_THE_END}
      >
        <ChevronLeft className="size-4" aria-hidden /> Previous
      </Button>
      <span className="truncate text-sm text-fg-muted">
        {episode !== null ? `S${season} · E${episode}` : `Season ${season}`}
      </span>
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={!next || undefined}
        onClick={() => next && selectEpisode(next)}
        className={AT_THE_END}
      >
        Next <ChevronRight className="size-4" aria-hidden />
      </Button>
    </div>
  );

  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-label={`Player: ${title}`}
      className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 outline-none sm:px-6"
    >
      <header className="flex items-start gap-3">
        <Button variant="secondary" size="icon" aria-label={backLabel} onClick={onBack} className="shrink-0">
          <ArrowLeft className="size-5" aria-hidden />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-display text-2xl tracking-wide text-fg sm:text-3xl">{title}</h1>
          {series && episode !== null && (
            <p className="truncate text-sm text-fg-muted">
              Season {season} · Episode {episode}
              {currentEpisode ? `: ${currentEpisode.name}` : ''}
            </p>
          )}
        </div>
        <PlayerMarkWatched details={details} season={season} episode={episode} />
        <ShareMenu text={`Watching ${title} on Marquee`} url={shareUrl.href} />
      </header>

      {isMobile && prevNext}

      <SourceSelect sources={sources} selected={selectedIndex} onSelect={pickSource} />

      {error && (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-xl border border-ember-400/40 bg-ember-400/10 px-4 py-2 text-sm text-ember-300"
        >
          <span>{error}</span>
          <button
            type="button"
            aria-label="Dismiss error"
            onClick={() => setError(null)}
            className="rounded p-1 hover:bg-white/10"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}

      <div
        className="relative aspect-video max-h-[75dvh] w-full overflow-hidden rounded-2xl bg-black shadow-2xl"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={onTouchEnd}
      >
        {!selected || episodeLoading || (series && episode === null && seasonQuery.isPending) ? (
          <div role="status" className="flex size-full items-center justify-center gap-2 text-fg-muted">
            <Loader2 className="size-6 animate-spin" aria-hidden /> Loading video player...
          </div>
        ) : selected.url === null ? (
          <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-fg-muted">
            <p className="text-fg">
              {selected.name} cannot play this: {selected.disabledReason}.
            </p>
            <p className="text-sm">
              Pick another source, or add one in{' '}
              <Link to="/settings/#custom-video-sources" className="text-gold-300 underline underline-offset-2">
                Settings
              </Link>
              .
            </p>
          </div>
        ) : selected.kind === 'media-server' && selected.stream ? (
          <MediaServerVideo
            key={selected.url}
            stream={selected.stream}
            historyKey={tracking ? entryKey : null}
            resumeAt={resumeAt}
            analytics={analytics}
            onError={onSourceError}
            onPlaying={recordWatching}
          />
        ) : selected.kind === 'library' ? (
          <LibraryPlayback
            key={selected.url}
            streamUrl={selected.url}
            historyKey={tracking ? entryKey : null}
            resumeAt={resumeAt}
            analytics={analytics}
            onError={onSourceError}
            onPlaying={recordWatching}
          />
        ) : (
          <EmbedFrame
            // A new episode is a new frame, even where the address stays (a series' trailer): the
            // time open counts for the episode on screen only.
            key={`${selected.key} ${entryKey}`}
            src={selected.url}
            title={`${selected.name}: ${title}`}
            autoplay={settings.autoplayTrailers}
            onError={onSourceError}
            onWatching={recordWatching}
          />
        )}
        {notices.length > 0 && (
          <ul aria-live="polite" className="pointer-events-none absolute right-3 bottom-3 space-y-1">
            {notices.map((notice, index) => (
              <li key={index} className="rounded-lg bg-ink-900/90 px-3 py-1.5 text-xs text-fg">
                {notice}
              </li>
            ))}
          </ul>
        )}
      </div>

      {belowVideo ? <div className="flex flex-wrap justify-end gap-2">{belowVideo}</div> : null}

      {series && !isMobile && prevNext}

      {series && (
        <EpisodeBrowser
          seasons={series.seasons.filter((entry) => entry.season_number > 0)}
          series={series}
          season={season}
          episodes={episodes}
          isLoading={seasonQuery.isPending}
          current={episode}
          onSeasonChange={(value) => setPosition({ season: value, episode: null })}
          onSelect={selectEpisode}
        />
      )}

      {releaseDays !== null && isRecentRelease(releaseDays) && (
        <RecentReleaseDialog
          open={warningOpen}
          onClose={() => setWarningOpen(false)}
          releaseDate={(details as MovieDetails).release_date!}
          days={releaseDays}
        />
      )}
    </section>
  );
}
