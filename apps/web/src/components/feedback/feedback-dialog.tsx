import { useEffect, useState, type FormEvent } from 'react';
import { CheckCircle2, Star } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { INPUT_CLASSES, TextField } from '@/components/ui/text-field.tsx';
import { ApiError, apiFetch } from '@/lib/api-client.ts';
import { useProfile } from '@/lib/auth/profile.ts';
import { useSession } from '@/lib/auth/session.ts';
import { cn } from '@/lib/cn.ts';
import { closeFeedbackDialog, useFeedbackDialogOpen } from '@/lib/feedback/feedback-dialog-store.ts';

const TYPES = [
  { value: 'general', label: 'General feedback' },
  { value: 'bug', label: 'Bug report' },
  { value: 'feature', label: 'Feature request' },
  { value: 'content', label: 'Content issue' },
  { value: 'other', label: 'Other' },
] as const;
/** product.md §9: the message counter shows /500 (no limit is enforced at 500). */
const COUNTER = 500;
/** product.md §9: the success panel closes the dialog after 2000 ms. */
const CLOSE_AFTER_MS = 2000;

type Fields = { name: string; email: string; type: string; subject: string; message: string; rating: number | null };
const EMPTY: Fields = { name: '', email: '', type: 'general', subject: '', message: '', rating: null };

/** The Feedback dialog (product.md §2, §4 idle → submitting → success | error, §5). */
export function FeedbackDialog() {
  const open = useFeedbackDialogOpen();
  const { user } = useSession();
  const { data: profile } = useProfile();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [state, setState] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const name = user ? profile?.username || user.name || user.email.split('@')[0]! : fields.name;
  const email = user ? user.email : fields.email;

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => {
      setFields(EMPTY);
      setState('idle');
      closeFeedbackDialog();
    }, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const edit = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));
  // product.md §5: subject and message always; name and email only when signed out.
  const isComplete =
    fields.subject.trim() !== '' && fields.message.trim() !== '' && (user || (name.trim() && email.trim()));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete || state === 'submitting') return;
    setState('submitting');
    setError(null);
    try {
      await apiFetch('/api/feedback', {
        method: 'POST',
        body: JSON.stringify({
          ...(user ? {} : { name: name.trim(), email: email.trim() }),
          feedback_type: fields.type,
          subject: fields.subject,
          message: fields.message,
          rating: fields.rating,
        }),
      });
      setState('success');
    } catch (caught) {
      const message =
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : 'Failed to submit feedback. Please try again later.';
      setError(message);
      setState('error');
      toast.error('Error', { description: 'Failed to submit feedback. Please try again later.' });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && closeFeedbackDialog()}
      title="Send Feedback"
      description="Tell us what works, what doesn't, and what you'd love to see."
      size="md"
    >
      {state === 'success' ? (
        <div role="status" className="flex flex-col items-center py-10 text-center">
          <CheckCircle2 className="size-12 text-rating-high" aria-hidden />
          <p className="mt-4 font-display text-2xl tracking-wide text-fg">Feedback Sent Successfully!</p>
          <p className="mt-2 text-fg-muted">Thank you. We read every message.</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Name"
              autoComplete="name"
              value={name}
              readOnly={Boolean(user)}
              hint={user ? 'From your account' : undefined}
              onChange={(event) => edit({ name: event.target.value })}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              readOnly={Boolean(user)}
              hint={user ? 'From your account' : undefined}
              onChange={(event) => edit({ email: event.target.value })}
            />
          </div>
          <div>
            <label htmlFor="feedback-type" className="mb-1.5 block text-sm font-medium text-fg">
              Feedback type
            </label>
            <select
              id="feedback-type"
              value={fields.type}
              onChange={(event) => edit({ type: event.target.value })}
              className={cn(INPUT_CLASSES, 'border-white/10')}
            >
              {TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Subject"
            value={fields.subject}
            onChange={(event) => edit({ subject: event.target.value })}
          />
          <div>
            <div className="mb-1.5 flex items-baseline justify-between">
              <label htmlFor="feedback-message" className="text-sm font-medium text-fg">
                Message
              </label>
              <span className="text-xs text-fg-subtle tabular-nums" aria-live="polite">
                {fields.message.length}/{COUNTER}
              </span>
            </div>
            <textarea
              id="feedback-message"
              rows={5}
              value={fields.message}
              onChange={(event) => edit({ message: event.target.value })}
              className={cn(INPUT_CLASSES, 'h-auto border-white/10 py-2.5')}
            />
          </div>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-fg">
              Rating <span className="font-normal text-fg-subtle">(optional)</span>
            </legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-label={`${value} star${value === 1 ? '' : 's'}`}
                  aria-pressed={fields.rating === value}
                  onClick={() => edit({ rating: fields.rating === value ? null : value })}
                  className="rounded-md p-1 text-gold-400"
                >
                  <Star
                    className={cn('size-6', fields.rating !== null && value <= fields.rating && 'fill-current')}
                    aria-hidden
                  />
                </button>
              ))}
            </div>
          </fieldset>
          {error ? (
            <p
              role="alert"
              className="rounded-lg border border-ember-400/40 bg-ember-500/10 px-3 py-2.5 text-sm text-ember-400"
            >
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={closeFeedbackDialog}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isComplete || state === 'submitting'}>
              {state === 'submitting' ? 'Sending...' : 'Send Feedback'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
