import { useEffect, useRef } from 'react';
import { PLAYER_TIMING } from '@/lib/player/player-rules.ts';

/**
 * A third-party player (Trailer or a custom source) in a sandboxed iframe (player.md §7 "Player
 * frame", DESIGN.md): no referrer, lazy, autoplay only when autoplayTrailers is on; the sandbox
 * leaves out allow-popups and allow-top-navigation, so the embed can neither open windows nor
 * navigate Marquee away. A cross-origin frame reports no errors, so one that has not loaded
 * within the timeout counts as failed.
 */
export function EmbedFrame({
  src,
  title,
  autoplay,
  onError,
}: {
  src: string;
  title: string;
  autoplay: boolean;
  onError: () => void;
}) {
  const loaded = useRef(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    loaded.current = false;
    const timer = window.setTimeout(() => {
      if (!loaded.current) onErrorRef.current();
    }, PLAYER_TIMING.embedLoadTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [src]);

  return (
    <iframe
      key={src}
      src={src}
      title={title}
      referrerPolicy="no-referrer"
      loading="lazy"
      allow={`${autoplay ? 'autoplay; ' : ''}fullscreen; encrypted-media`}
      allowFullScreen
      sandbox="allow-scripts allow-same-origin allow-presentation allow-forms"
      onLoad={() => {
        loaded.current = true;
      }}
      // Tab reaches the frame (its page may hold no control of its own): show where the focus is.
      className="size-full border-0 bg-black focus:outline-2 focus:-outline-offset-2 focus:outline-gold-400"
    />
  );
}
