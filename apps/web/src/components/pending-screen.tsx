import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** A screen whose content is still being built: its real heading and a short status line. */
export function PendingScreen({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-[1600px] px-4 py-10 sm:px-6 lg:px-8">
      <PageHeader title={title} />
      {children}
    </div>
  );
}
