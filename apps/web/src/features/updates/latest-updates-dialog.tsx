import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ANNOUNCEMENTS } from './latest-updates.tsx';

/** The Latest Updates modal: the four announcements and a button that closes it. */
export function LatestUpdatesDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Latest Updates" description="What's new in Marquee.">
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
      <Button className="mt-6 w-full" onClick={() => setOpen(false)}>
        Got it
      </Button>
    </Dialog>
  );
}
