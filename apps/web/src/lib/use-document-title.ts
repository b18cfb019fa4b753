import { useEffect } from 'react';

export const APP_NAME = 'Marquee';

/** Sets the tab title to "{title} | Marquee" (or just "Marquee") while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
