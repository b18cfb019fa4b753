import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { titleOf, type MovieDetails, type TvDetails } from '@marquee/core';
import { paths } from '@/config/paths.ts';
import { trackEvent } from '@/lib/analytics/track.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { useMovie, useSeason, useTv } from '@/lib/catalogue/catalogue-api.ts';
import { imageUrl } from '@/lib/images.ts';
import { useLastWatchedEpisode } from '@/lib/local-store/hooks.ts';
import { deferred, useNearGate } from '@/lib/deferred.tsx';
import { useClientValue } from '@/lib/use-client-value.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { ResumeLink } from './components/detail-hero.tsx';
import { WatchableHero } from './components/watchable-hero.tsx';
import { DetailError, DetailLoading, DetailNotFound } from './components/detail-states.tsx';
import { EpisodesSection } from './components/episodes-section.tsx';
import { InfoSection } from './components/info-section.tsx';
import {
  episodeWatchPath,
  firstEpisodeNumber,
  initialSeason,
  isMovie,
  parseTitleId,
  regularSeasons,
  resumeFromState,
  type Details,
  type DetailKind,
  type ResumePoint,
} from './detail-facts.ts';
import { episodeLabel } from './format.ts';
import { useShareMeta } from './use-share-meta.ts';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The page's title and social-share meta (product.md §2), from the loaded details. */
function useDetailMeta(details: Details): void {
  const { data: config } = useAppConfig();
  const { pathname } = useLocation();
  const title = titleOf(details);
  const backdrop = config ? imageUrl(config.images.secure_base_url, details.backdrop_path, 'original') : null;
  useDocumentTitle(title);
  useShareMeta({
    title,
    description: details.overview,
    image: backdrop,
    url: pathname,
    type: isMovie(details) ? 'video.movie' : 'video.tv_show',
  });
}

/**
 * The browsing view of a detail page: hero, the series' episodes, information, More Like This,
 * then the comment blocks. Watching (player.md §2) replaces the hero with the player (WatchableHero).
 */
function DetailLayout({ details, hero, children }: { details: Details; hero: ReactNode; children?: ReactNode }) {
  useDetailMeta(details);
  const view = isMovie(details) ? 'movie_view' : 'series_view';
  const title = titleOf(details);
  useEffect(() => trackEvent(view, { content_id: details.id, title }), [view, details.id, title]);
  return (
    <div className="pb-8">
      {hero}
      {children}
      <InfoSection details={details} />
      <SimilarAndComments type={details.media_type} id={details.id} />
    </div>
  );
}

/** More Like This and the discussion: their code loads as the visitor nears them. */
const SimilarAndCommentsPart = deferred(
  () => import('./components/similar-and-comments.tsx'),
  (m) => m.SimilarAndComments,
);

function SimilarAndComments({ type, id }: { type: Details['media_type']; id: number }) {
  const [ref, gate] = useNearGate<HTMLDivElement>();
  return (
    <div ref={ref}>
      <SimilarAndCommentsPart type={type} id={id} gate={gate} fallback={<div className="min-h-screen" />} />
    </div>
  );
}

function MoviePage({ movie }: { movie: MovieDetails }) {
  return (
    <DetailLayout details={movie} hero={<WatchableHero details={movie} watchHref={paths.watch('movie', movie.id)} />} />
  );
}

/** Where to pick up a series: router state first (Continue), else the viewer's history (Resume). */
function useResumePoint(seriesId: number): ResumePoint | null {
  const location = useLocation();
  const lastWatched = useLastWatchedEpisode(seriesId);
  // Router state lives in the browser's history: a server render never sees it.
  const stateResume = useMemo(() => resumeFromState(location.state), [location.state]);
  const fromState = useClientValue(stateResume, null);
  if (fromState) return fromState;
  return lastWatched
    ? { season: lastWatched.season_number, episode: lastWatched.episode_number, source: 'history' }
    : null;
}

function SeriesPage({ series }: { series: TvDetails }) {
  const seasons = regularSeasons(series);
  const resume = useResumePoint(series.id);
  // Until the viewer picks a season, it follows the resume point: on a page the server rendered,
  // the browser's history is only known once the page has been taken over.
  const [picked, setSeason] = useState<number | null>(null);
  const season = picked ?? initialSeason(seasons, resume);
  // Watch Now starts the first episode of the season on screen (product.md §2); the list query is
  // shared with the episode browser, so this costs no extra request.
  const seasonQuery = useSeason(series.id, season);
  const firstEpisode = firstEpisodeNumber(seasonQuery.data?.episodes);
  const watchHref = episodeWatchPath(series.id, season, firstEpisode);
  const resumeLink: ResumeLink | null = resume
    ? {
        label: `${resume.source === 'state' ? 'Continue' : 'Resume'} ${episodeLabel(resume.season, resume.episode)}`,
        href: episodeWatchPath(series.id, resume.season, resume.episode),
      }
    : null;

  return (
    <DetailLayout
      details={series}
      hero={
        <WatchableHero
          details={series}
          watchHref={watchHref}
          resume={resumeLink}
          start={{ season, episode: firstEpisode }}
        />
      }
    >
      <EpisodesSection
        series={series}
        seasons={seasons}
        season={season}
        onSeasonChange={setSeason}
        highlight={resume}
      />
    </DetailLayout>
  );
}

function MovieDetail({ id }: { id: number }) {
  const query = useMovie(id);
  if (query.data) return <MoviePage movie={query.data} />;
  if (query.isError) {
    return isNotFound(query.error) ? (
      <DetailNotFound kind="movie" />
    ) : (
      <DetailError kind="movie" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return <DetailLoading kind="movie" />;
}

function SeriesDetail({ id }: { id: number }) {
  const query = useTv(id);
  if (query.data) return <SeriesPage series={query.data} />;
  if (query.isError) {
    return isNotFound(query.error) ? (
      <DetailNotFound kind="series" />
    ) : (
      <DetailError kind="series" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return <DetailLoading kind="series" />;
}

/** Reads the route id; one that cannot be a title ("abc") is not found without asking the server. */
function DetailRoute({ kind }: { kind: DetailKind }) {
  const id = parseTitleId(useParams().id);
  if (id === null) return <DetailNotFound kind={kind} />;
  // Keyed by id so that moving to another title (More Like This) starts from a clean state.
  return kind === 'movie' ? <MovieDetail key={id} id={id} /> : <SeriesDetail key={id} id={id} />;
}

/** /movie/{id} (product.md §2). */
export function MovieDetailScreen() {
  return <DetailRoute kind="movie" />;
}

/** /series/{id} and /tv/{id} (product.md §2). */
export function SeriesDetailScreen() {
  return <DetailRoute kind="series" />;
}
