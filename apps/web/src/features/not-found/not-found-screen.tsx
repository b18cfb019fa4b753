import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Film } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useNotFoundStatus } from '@/lib/page-status.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** The 404 page for any unknown path (product.md §2 route table). */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  useDocumentTitle('Page Not Found');
  useNotFoundStatus();
  useEffect(() => {
    console.info(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <div className="relative">
        <span className="font-display text-[7rem] leading-none font-semibold text-white/5 sm:text-[10rem]" aria-hidden>
          404
        </span>
        <Film
          className="absolute top-1/2 left-1/2 size-14 -translate-x-1/2 -translate-y-1/2 text-gold-400"
          aria-hidden
        />
      </div>
      <h1 className="mt-2 font-display text-3xl tracking-wide text-fg">Page Not Found</h1>
      <p className="mt-3 text-fg-muted">The page you're looking for doesn't exist</p>
      <p className="mt-1 text-sm break-all text-fg-subtle">{pathname}</p>
      <Link to={paths.home} className={buttonClasses('primary', 'lg', 'mt-8')}>
        Return to Home
      </Link>
    </section>
  );
}
