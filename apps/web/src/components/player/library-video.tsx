import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { VolumeX } from 'lucide-react';
import { trackEvent } from '@/lib/analytics/track.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { autoplayVideo } from '@/lib/player/autoplay.ts';
import { PLAYER_TIMING, reachedMilestones } from '@/lib/player/player-rules.ts';
import { Button } from '@/components/ui/button.tsx';

const SEEK_STEP_S = 5;

export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface LibraryVideoProps {
  src: string;
  /** The history entry's merge key; null when history tracking is off (nothing is saved). */
  historyKey: string | null;
  /** Where the viewer stopped last time, offered as a resume point. */
  resumeAt: number | null;
  analytics: Record<string, unknown>;
  onError: () => void;
  /** The video has started playing (the history entry is written then, before any progress). */
  onPlaying?: () => void;
  /**
   * Feeds the video itself instead of `src` (hls.js playing an HLS stream through a
   * MediaSource); returns what detaches it. `src` stays the key of what plays.
   */
  attach?: (video: HTMLVideoElement) => () => void;
  /** WebVTT subtitle tracks (the Library's sidecar files and text tracks of the file). */
  subtitles?: readonly { id: string; label: string; language: string | null; url: string }[];
  /** The subtitle track shown, null for none. */
  subtitle?: string | null;
  /** The viewer picked another track in the video's own menu. */
  onSubtitleChange?: (id: string | null) => void;
}

/**
 * The Library source: the server's file in an HTML5 video. Once it has played, its position is
 * saved into the history entry every few seconds, on pause and on leaving, so reopening can
 * resume (DESIGN.md: the one source whose progress can be measured). Nothing is saved for a video
 * that was opened, or only seeked, and never played. Keyboard: space/k play-pause,
 * arrows seek 5 s, m mute, f fullscreen. With the Autoplay setting on, it starts as it opens,
 * muted with an Unmute button where the browser refuses sound before the viewer has clicked.
 */
export function LibraryVideo({
  src,
  historyKey,
  resumeAt,
  analytics,
  onError,
  onPlaying,
  attach,
  subtitles = [],
  subtitle = null,
  onSubtitleChange,
}: LibraryVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    return video && attach ? attach(video) : undefined;
  }, [attach]);

  // The Autoplay setting as the video opens (a setting changed while it plays starts nothing).
  const [autoplay] = useSetting('autoPlay');
  const autoplayRef = useRef(autoplay);
  const [isMutedByBrowser, setMutedByBrowser] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !autoplayRef.current) return;
    return autoplayVideo(video, () => setMutedByBrowser(true));
  }, [src]);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !isMutedByBrowser) return;
    // Unmuted in the video's own controls or with the m key: the offer has done its work.
    const onVolume = () => {
      if (!video.muted) setMutedByBrowser(false);
    };
    video.addEventListener('volumechange', onVolume);
    return () => video.removeEventListener('volumechange', onVolume);
  }, [isMutedByBrowser]);
  function unmute() {
    const video = videoRef.current;
    if (!video) return;
    // The button goes once pressed: the keyboard focus stays in the player, on the video.
    video.focus();
    video.muted = false;
    setMutedByBrowser(false);
  }

  // The shown track follows `subtitle`; a choice in the video's own captions menu is reported back.
  const subtitleRef = useRef(subtitle);
  subtitleRef.current = subtitle;
  const onSubtitleChangeRef = useRef(onSubtitleChange);
  onSubtitleChangeRef.current = onSubtitleChange;
  const trackIds = subtitles.map((track) => track.id).join(' ');
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const ids = trackIds ? trackIds.split(' ') : [];
    const apply = () => {
      for (let i = 0; i < video.textTracks.length; i++) {
        const track = video.textTracks[i]!;
        const wanted = ids[i] === subtitleRef.current ? 'showing' : 'disabled';
        if (track.mode !== wanted) track.mode = wanted;
      }
    };
    apply();
    // The captions menu of the video's own controls is the viewer's choice; the browser's own
    // automatic pick (a track in the page's language, as the tracks load) is not: it is undone.
    let touchedAt = -Infinity;
    const touched = () => (touchedAt = performance.now());
    const onChange = () => {
      let showing: string | null = null;
      for (let i = 0; i < video.textTracks.length; i++) {
        if (video.textTracks[i]!.mode === 'showing') showing = ids[i] ?? null;
      }
      if (showing === subtitleRef.current) return;
      if (performance.now() - touchedAt < 3000) onSubtitleChangeRef.current?.(showing);
      else apply();
    };
    video.addEventListener('pointerdown', touched);
    video.addEventListener('keydown', touched);
    video.textTracks.addEventListener('change', onChange);
    return () => {
      video.removeEventListener('pointerdown', touched);
      video.removeEventListener('keydown', touched);
      video.textTracks.removeEventListener('change', onChange);
    };
  }, [subtitle, trackIds]);
  const [offer, setOffer] = useState(resumeAt);
  const analyticsRef = useRef(analytics);
  analyticsRef.current = analytics;
  const onPlayingRef = useRef(onPlaying);
  onPlayingRef.current = onPlaying;
  // Set while the video moves to the resume point: that seek is the app's, not the viewer's.
  const resuming = useRef(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const milestones = new Set<number>();
    let started = false;
    let hasPlayed = false;
    const track = (name: string, extra: Record<string, unknown> = {}) =>
      trackEvent(name, { ...analyticsRef.current, position: Math.round(video.currentTime), ...extra });
    const save = () => {
      if (!historyKey || !hasPlayed || !(video.currentTime > 0)) return;
      const duration = Number.isFinite(video.duration) ? video.duration : null;
      getHistoryStore().updateProgress(historyKey, video.currentTime, duration);
    };
    const onPlay = () => {
      track(started ? 'video_resume' : 'video_start');
      started = true;
    };
    // `playing`, not `play`: the frames are moving, not only asked for.
    const onPlayingEvent = () => {
      hasPlayed = true;
      onPlayingRef.current?.();
    };
    const onPause = () => {
      save();
      if (!video.ended) track('video_pause');
    };
    const onSeeked = () => {
      if (resuming.current) resuming.current = false;
      else track('video_seek');
    };
    const onTime = () => {
      for (const percent of reachedMilestones(video.currentTime, video.duration, milestones)) {
        milestones.add(percent);
        track('video_progress', { percent });
      }
    };
    const onEnded = () => {
      save();
      track('video_complete');
    };
    const timer = window.setInterval(() => {
      if (!video.paused) save();
    }, PLAYER_TIMING.progressSaveMs);
    video.addEventListener('play', onPlay);
    video.addEventListener('playing', onPlayingEvent);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.clearInterval(timer);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('playing', onPlayingEvent);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', save);
    };
  }, [src, historyKey]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const video = videoRef.current;
    // Keys on the resume offer's buttons are theirs (Space presses a button), not shortcuts.
    if (event.target !== video && event.target !== event.currentTarget) return;
    if (!video || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'k') {
      if (video.paused) void video.play();
      else video.pause();
    } else if (key === 'arrowleft') video.currentTime = Math.max(0, video.currentTime - SEEK_STEP_S);
    else if (key === 'arrowright')
      video.currentTime = Math.min(video.duration || Infinity, video.currentTime + SEEK_STEP_S);
    else if (key === 'm') video.muted = !video.muted;
    else if (key === 'f') {
      if (document.fullscreenElement) void document.exitFullscreen();
      else void video.requestFullscreen?.();
    } else return;
    event.preventDefault();
  }

  function resume(at: number) {
    const video = videoRef.current;
    setOffer(null);
    if (!video) return;
    resuming.current = true;
    video.currentTime = at;
    void video.play().catch(() => undefined);
  }

  return (
    <div className="relative size-full" onKeyDown={onKeyDown}>
      <video
        ref={videoRef}
        src={attach ? undefined : src}
        controls
        playsInline
        preload="metadata"
        aria-label="Video player"
        className="size-full bg-black object-contain"
        onError={onError}
      >
        {subtitles.map((track) => (
          <track
            key={track.id}
            kind="subtitles"
            src={track.url}
            label={track.label}
            srcLang={track.language ?? undefined}
          />
        ))}
      </video>
      {isMutedByBrowser && (
        <Button size="sm" variant="secondary" onClick={unmute} className="absolute top-3 right-3 shadow-xl">
          <VolumeX className="size-4" aria-hidden /> Unmute
        </Button>
      )}
      {offer !== null && (
        <div
          role="region"
          aria-label="Resume playback"
          className={`absolute top-3 left-3 flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-ink-900/90 p-3 text-sm text-fg backdrop-blur ${isMutedByBrowser ? 'right-32' : 'right-3'}`}
        >
          <span>You stopped at {formatClock(offer)}.</span>
          <Button size="sm" onClick={() => resume(offer)}>
            Resume from {formatClock(offer)}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => resume(0)}>
            Start over
          </Button>
        </div>
      )}
    </div>
  );
}
