import { lazy, Suspense, useId, useState } from 'react';
import { Trash2 } from 'lucide-react';

const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog.tsx').then((module) => ({ default: module.DeleteAccountDialog })),
);

/**
 * Settings → Profile's "Delete account" (issue 31): the dialog that asks for the password loads
 * at the first press, and stays mounted afterwards so that closing gives the focus back.
 */
export function DeleteAccountSection() {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-ember-500/30 bg-ember-500/[0.06] p-5 sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 id={headingId} className="font-display text-lg tracking-wide text-ember-400">
            Delete account
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            Deletes your account and everything in it from Marquee. Export your data first to keep a copy (Data
            Management).
          </p>
        </div>
        <button
          type="button"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
          className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-[#c8353a] px-4 text-sm font-medium text-white transition-colors hover:bg-[#b42d32]"
        >
          <Trash2 className="size-4" aria-hidden />
          Delete account
        </button>
      </div>
      {wanted ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
