import { PendingScreen } from '@/components/pending-screen.tsx';

export function ResetPasswordScreen() {
  return <PendingScreen title="Reset Password" />;
}
