import { useParams } from 'react-router';
import { findGenreBySlug } from '@marquee/core';
import { PendingScreen } from '@/components/pending-screen.tsx';

export function GenreScreen() {
  const { slug = '' } = useParams();
  const genre = findGenreBySlug(slug);
  return <PendingScreen title={genre ? `${genre.name}` : 'Browse & Discover'} />;
}
