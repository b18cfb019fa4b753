import { ProfilePanel } from '@/components/account/profile-panel.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';

/** The Profile dialog (product.md §2). */
export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Profile" description="Your Marquee account" size="md">
      <ProfilePanel onSignedOut={() => onOpenChange(false)} />
    </Dialog>
  );
}
