import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';

/** The home failure messages of product.md §2 and §8, word for word. */
export const FETCH_ERROR_MESSAGES = {
  movies: 'An error occurred while fetching movies. Please try again later.',
  tv: 'An error occurred while fetching TV shows. Please try again later.',
} as const;

/** The alert a failed home request raises, with a retry for the impatient. */
export function FetchAlert({
  kind,
  onRetry,
  className,
}: {
  kind: keyof typeof FETCH_ERROR_MESSAGES;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-xl border border-ember-500/30 bg-ember-500/10 p-4 text-sm text-fg sm:flex-row sm:items-center',
        className,
      )}
    >
      <AlertTriangle className="size-5 shrink-0 text-ember-400" aria-hidden />
      <p className="flex-1">{FETCH_ERROR_MESSAGES[kind]}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw className="size-3.5" aria-hidden />
          Retry
        </Button>
      ) : null}
    </div>
  );
}
