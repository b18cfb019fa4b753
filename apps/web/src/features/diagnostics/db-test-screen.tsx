import { PendingScreen } from '@/components/pending-screen.tsx';

export function DbTestScreen() {
  return <PendingScreen title="Database Setup Test" />;
}
