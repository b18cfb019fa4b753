import { PendingScreen } from '@/components/pending-screen.tsx';

export function SearchScreen() {
  return <PendingScreen title="Search" />;
}
