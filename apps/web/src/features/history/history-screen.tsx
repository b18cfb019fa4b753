import { PendingScreen } from '@/components/pending-screen.tsx';

export function HistoryScreen() {
  return <PendingScreen title="Watch History" />;
}
