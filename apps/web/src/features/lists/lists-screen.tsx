import { PendingScreen } from '@/components/pending-screen.tsx';

export function ListsScreen() {
  return <PendingScreen title="Movie Lists" />;
}
