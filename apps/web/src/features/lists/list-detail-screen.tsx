import { PendingScreen } from '@/components/pending-screen.tsx';

export function ListDetailScreen() {
  return <PendingScreen title="List Details" />;
}
