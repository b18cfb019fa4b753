import { createContext, use } from 'react';

/**
 * The HTTP status of a page the server renders (entry-server.tsx). A screen that shows a
 * not-found state says so while rendering, and the server answers 404 with that screen: browsers,
 * crawlers and monitors then know that the address leads nowhere. In the browser there is no
 * status to set, and saying so does nothing.
 */
export interface PageStatus {
  code: number;
}

export const PageStatusContext = createContext<PageStatus | null>(null);

/** Marks the page being rendered on the server as not found (404). */
export function useNotFoundStatus(): void {
  const status = use(PageStatusContext);
  if (status) status.code = 404;
}
