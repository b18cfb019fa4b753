import { deferred, useNearGate } from '@/lib/deferred.tsx';

const FooterPart = deferred(
  () => import('./footer-content.tsx'),
  (m) => m.FooterContent,
);

/**
 * The footer of every page (product.md §2 Shared layout). Its content's code loads once the
 * visitor nears it: nobody sees it before scrolling to the end of a page.
 */
export function Footer() {
  const [ref, gate] = useNearGate<HTMLElement>();
  return (
    <footer ref={ref} className="mt-24 border-t border-white/5 bg-ink-900">
      <FooterPart gate={gate} fallback={<div className="min-h-96" />} />
    </footer>
  );
}
