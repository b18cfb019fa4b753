import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from './button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  cancelLabel?: string;
}

/**
 * Asks before a destructive action (role "alertdialog"): focus starts on Cancel, Escape cancels,
 * the action runs only from its own button, and the focus goes back to the control that opened it
 * (or, when the action took that away, to the main content).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) {
  // As in Dialog: Radix gives the focus back only to an AlertDialog.Trigger, and these are opened
  // by plain buttons, so without this the focus would fall to the page's body.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            // The action may take its opener away (Clear, with the list it cleared) or disable it:
            // the main content then takes the focus.
            const target =
              opener.current?.isConnected && !opener.current.matches(':disabled')
                ? opener.current
                : document.getElementById('main');
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-ink-850 p-6 shadow-2xl data-[state=open]:animate-fade-in"
        >
          <AlertDialog.Title className="font-display text-xl tracking-wide text-fg">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-fg-muted">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('ghost', 'md')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className="inline-flex h-10 shrink-0 items-center justify-center rounded-lg bg-ember-600 px-4 text-sm font-medium text-white transition-colors hover:bg-ember-700"
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
