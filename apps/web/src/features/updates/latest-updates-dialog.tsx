import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';

/** The four static announcements of the Latest Updates modal (product.md §1). */
export const ANNOUNCEMENTS = [
  {
    title: 'Your library, on every device',
    body: 'Sign in and your Watch Later list, viewing history and settings follow you. Changes made offline sync when you are back.',
    date: 'November 2026',
  },
  {
    title: 'Recommendations that explain themselves',
    body: 'Describe a mood — "something scary but funny" — and every suggestion tells you why it was picked.',
    date: 'November 2026',
  },
  {
    title: 'Play your own library',
    body: 'The Library source streams the video files of your own media folder, and remembers where you stopped.',
    date: 'October 2026',
  },
  {
    title: 'Comfort settings',
    body: 'Larger text, high contrast and reduced motion are one click away under Settings → Accessibility.',
    date: 'October 2026',
  },
] as const;

/** The Latest Updates modal (product.md §1), loaded at its first opening. */
export function LatestUpdatesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Latest Updates" description="What's new in Marquee.">
      <ul className="space-y-4">
        {ANNOUNCEMENTS.map((item) => (
          <li key={item.title} className="flex gap-3 rounded-xl border border-white/5 bg-white/[0.03] p-4">
            <Sparkles className="mt-0.5 size-5 shrink-0 text-gold-400" aria-hidden />
            <div>
              <p className="font-medium text-fg">{item.title}</p>
              <p className="mt-1 text-sm text-fg-muted">{item.body}</p>
              <p className="mt-2 text-xs text-fg-subtle">{item.date}</p>
            </div>
          </li>
        ))}
      </ul>
      <Button className="mt-6 w-full" onClick={() => onOpenChange(false)}>
        Got it
      </Button>
    </Dialog>
  );
}
