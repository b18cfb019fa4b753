import { PendingScreen } from '@/components/pending-screen.tsx';

export function WatchLaterScreen() {
  return <PendingScreen title="Watch Later" />;
}
