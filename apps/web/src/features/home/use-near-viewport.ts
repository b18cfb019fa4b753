import { useCallback, useState } from 'react';

/**
 * Whether an element has come within `rootMargin` of the viewport, once: below-the-fold sections
 * start their requests only then, so the hero's image has the network to itself at load.
 * Without IntersectionObserver the answer is simply yes, once mounted: a page rendered on the
 * server starts with every such section waiting, as the browser's first render does.
 */
export function useNearViewport<T extends Element>(rootMargin = '400px') {
  const [isNear, setIsNear] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || isNear) return;
      if (typeof IntersectionObserver === 'undefined') {
        setIsNear(true);
        return;
      }
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
