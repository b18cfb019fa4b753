import { PendingScreen } from '@/components/pending-screen.tsx';

export function SettingsScreen() {
  return <PendingScreen title="Settings" />;
}
