import { PendingScreen } from '@/components/pending-screen.tsx';

export function MovieDetailScreen() {
  return <PendingScreen title="Movie Details" />;
}

export function SeriesDetailScreen() {
  return <PendingScreen title="Series Details" />;
}
