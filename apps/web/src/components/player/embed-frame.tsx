import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { withAutoplay } from '@/lib/player/autoplay.ts';
import { PLAYER_TIMING } from '@/lib/player/player-rules.ts';

/** How long after a Tab the focus entering the frame still counts as the keyboard's. */
const TAB_FOCUS_WINDOW_MS = 1000;

/**
 * Whether the keyboard has moved the focus into the frame. The embed's page runs in another
 * process, so the frame never matches `:focus` or `:focus-within` in Marquee's page: it only sees
 * its window lose the focus while the frame is the active element, and get it back when the focus
 * returns. As with `:focus-visible`, a click into the player shows nothing; a Tab does. A click
 * inside the frame reaches only the embed's page, so a Tab counts for a moment after it is pressed.
 */
function useKeyboardFocusInFrame(frame: RefObject<HTMLIFrameElement | null>): boolean {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    let tabAt = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') tabAt = performance.now();
    };
    const onPointerDown = () => {
      tabAt = Number.NEGATIVE_INFINITY;
    };
    const onWindowBlur = () => {
      const byTab = performance.now() - tabAt < TAB_FOCUS_WINDOW_MS;
      if (byTab && document.activeElement === frame.current) setFocused(true);
    };
    const onWindowFocus = () => setFocused(false);
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('blur', onWindowBlur);
    window.addEventListener('focus', onWindowFocus);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('blur', onWindowBlur);
      window.removeEventListener('focus', onWindowFocus);
    };
  }, [frame]);
  return focused;
}

/**
 * A third-party player (Trailer or a custom source) in a sandboxed iframe (player.md §7 "Player
 * frame", DESIGN.md): no referrer, lazy, autoplay only when autoplayTrailers (or the Autoplay
 * setting, which also asks the embed players that read it to start: `autoplay=1`) is on; the sandbox
 * leaves out allow-popups and allow-top-navigation, so the embed can neither open windows nor
 * navigate Marquee away. A cross-origin frame reports no errors, so one that has not loaded
 * within the timeout counts as failed. Nor does it report playback: `onWatching` is called once
 * the frame has loaded and then stayed open `embedWatchingMs` on a visible page.
 */
export function EmbedFrame({
  src: source,
  title,
  autoplay: autoplayTrailers,
  onError,
  onWatching,
}: {
  src: string;
  title: string;
  autoplay: boolean;
  onError: () => void;
  /** Watching has started (the history entry is written then). */
  onWatching?: () => void;
}) {
  // The Autoplay setting: start as the player opens ("Start playing as soon as the player opens").
  const [autoplaySetting] = useSetting('autoPlay');
  const src = autoplaySetting ? withAutoplay(source) : source;
  const autoplay = autoplayTrailers || autoplaySetting;
  const loaded = useRef(false);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  // A new src has not loaded yet, even if it is one this frame showed before.
  const [shownSrc, setShownSrc] = useState(src);
  if (shownSrc !== src) {
    setShownSrc(src);
    setLoadedSrc(null);
  }
  const onWatchingRef = useRef(onWatching);
  onWatchingRef.current = onWatching;
  const frame = useRef<HTMLIFrameElement>(null);
  const keyboardFocus = useKeyboardFocusInFrame(frame);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    loaded.current = false;
    const timer = window.setTimeout(() => {
      if (!loaded.current) onErrorRef.current();
    }, PLAYER_TIMING.embedLoadTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [src]);

  // The time counts from the load, and starts over when the page comes back from being hidden: a
  // frame left loading in a background tab is not someone watching. A new src starts over too.
  useEffect(() => {
    if (loadedSrc !== src) return;
    let timer: number | undefined;
    let done = false;
    const restart = () => {
      window.clearTimeout(timer);
      if (done || document.visibilityState === 'hidden') return;
      timer = window.setTimeout(() => {
        done = true;
        onWatchingRef.current?.();
      }, PLAYER_TIMING.embedWatchingMs);
    };
    restart();
    document.addEventListener('visibilitychange', restart);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', restart);
    };
  }, [loadedSrc, src]);

  return (
    <iframe
      key={src}
      ref={frame}
      src={src}
      title={title}
      referrerPolicy="no-referrer"
      loading="lazy"
      allow={`${autoplay ? 'autoplay; ' : ''}fullscreen; encrypted-media`}
      allowFullScreen
      sandbox="allow-scripts allow-same-origin allow-presentation allow-forms"
      onLoad={() => {
        loaded.current = true;
        setLoadedSrc(src);
      }}
      // Tab reaches the frame's controls (or the frame, when its page has none): show where the focus is.
      data-keyboard-focus={keyboardFocus || undefined}
      className="size-full border-0 bg-black data-keyboard-focus:outline-2 data-keyboard-focus:-outline-offset-2 data-keyboard-focus:outline-gold-400"
    />
  );
}
