import { PendingScreen } from '@/components/pending-screen.tsx';

export function BrowseScreen() {
  return <PendingScreen title="Browse & Discover" />;
}
