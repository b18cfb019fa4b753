/**
 * Embed players known to read an `autoplay=1` parameter (YouTube's, in either domain, Vimeo's and
 * Dailymotion's). Another host's address is left alone: an unknown parameter could change what
 * its page shows.
 */
const AUTOPLAY_HOSTS = new Set([
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
  'www.dailymotion.com',
  'geo.dailymotion.com',
]);

/** HTMLMediaElement.HAVE_METADATA (some test DOMs leave the constant out). */
const HAVE_METADATA = 1;

/** `url` asking its embed player to start by itself, where the player supports it. */
export function withAutoplay(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!AUTOPLAY_HOSTS.has(parsed.hostname) || parsed.searchParams.get('autoplay') === '1') return url;
  parsed.searchParams.set('autoplay', '1');
  return parsed.href;
}

/**
 * Starts a video as the player opens (the Autoplay setting). A browser that refuses to start a
 * video with sound before the viewer has touched the page (NotAllowedError) may still start it
 * muted: then `onMuted` is called, so the player can offer to unmute. Returns what cancels it.
 */
export function autoplayVideo(video: HTMLVideoElement, onMuted: () => void): () => void {
  let cancelled = false;
  const start = () => {
    video.play().catch((error: unknown) => {
      if (cancelled || (error as { name?: string } | null)?.name !== 'NotAllowedError') return;
      video.muted = true;
      onMuted();
      video.play().catch(() => undefined);
    });
  };
  // Once the browser knows the video: a stream attached later (Media Source, hls.js) would abort
  // a play() asked before it.
  if (video.readyState >= HAVE_METADATA) start();
  else video.addEventListener('loadedmetadata', start, { once: true });
  return () => {
    cancelled = true;
    video.removeEventListener('loadedmetadata', start);
  };
}
