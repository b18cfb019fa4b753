import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export interface InfoPageProps {
  title: string;
  intro?: ReactNode;
  /** Shown under the title, e.g. "Last updated 22 November 2026". */
  updated?: string;
  children: ReactNode;
}

/** The frame of the footer's informational pages: a title, an intro and readable prose. */
export function InfoPage({ title, intro, updated, children }: InfoPageProps) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8 border-b border-white/10 pb-6">
        <h1 className="font-display text-4xl font-semibold tracking-wide text-fg">{title}</h1>
        {updated ? <p className="mt-2 text-sm text-fg-subtle">{updated}</p> : null}
        {intro ? <div className="mt-4 text-lg text-fg-muted">{intro}</div> : null}
      </header>
      <div className="prose-page">{children}</div>
    </article>
  );
}
