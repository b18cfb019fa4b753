import { PendingScreen } from '@/components/pending-screen.tsx';

export function WatchScreen() {
  return <PendingScreen title="Watch" />;
}
