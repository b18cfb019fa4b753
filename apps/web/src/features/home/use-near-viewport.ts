import { useCallback, useState } from 'react';

/**
 * Whether an element has come within `rootMargin` of the viewport, once: below-the-fold sections
 * start their requests only then, so the hero's image has the network to itself at load.
 * Without IntersectionObserver the answer is simply yes.
 */
export function useNearViewport<T extends Element>(rootMargin = '400px') {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || isNear) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setIsNear(true);
            observer.disconnect();
          }
        },
        { rootMargin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [isNear, rootMargin],
  );
  return [ref, isNear] as const;
}
