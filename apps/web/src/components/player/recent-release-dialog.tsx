import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDay } from '@/lib/format.ts';

/** The recent-release warning (player.md §2, §8): a movie released 0 to 15 days ago. */
export function RecentReleaseDialog({
  open,
  onClose,
  releaseDate,
  days,
}: {
  open: boolean;
  onClose: () => void;
  releaseDate: string;
  days: number;
}) {
  const date = formatDay(new Date(`${releaseDate}T00:00:00Z`), 'long', 'UTC');
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Recently Released Movie" size="md">
      <div className="space-y-4 text-sm text-fg-muted">
        <p>
          This movie was released on {date} ({days} {days === 1 ? 'day' : 'days'} ago). It may not be available yet on
          every source, or it may play in poor quality.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Try another source from the video source menu.</li>
          <li>
            Add a source you trust in{' '}
            <Link
              to="/settings/#custom-video-sources"
              className="text-gold-300 underline underline-offset-2"
              onClick={onClose}
            >
              Settings → Custom video sources
            </Link>
            .
          </li>
          <li>Come back in a few days, when better copies are out.</li>
        </ul>
        <div className="flex justify-end">
          <Button onClick={onClose}>I Understand</Button>
        </div>
      </div>
    </Dialog>
  );
}
