import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SeriesProgress } from '@marquee/core';
import { visitorWrapper } from '@/test/app-wrapper.tsx';
import { ProgressCard } from './progress-card.tsx';

const episode = (number: number) => ({ season_number: 1, episode_number: number, name: null, air_date: '2008-01-20' });

/** A card whose Mark watched marks the next of `aired` episodes, as the progress store would. */
function Harness({ aired, watched }: { aired: number; watched: number }) {
  const [entry, setEntry] = useState<SeriesProgress>({
    series: { id: 1, name: 'Breaking Bad', poster_path: null },
    last_watched_at: '2026-11-20T10:00:00.000Z',
    watched_episodes: watched,
    aired_episodes: aired,
    next_episode: episode(watched + 1),
  });
  return (
    <ProgressCard
      entry={entry}
      quality="low"
      onMarkWatched={(current) => {
        const now = current.watched_episodes + 1;
        setEntry({ ...current, watched_episodes: now, next_episode: now < aired ? episode(now + 1) : null });
        return true;
      }}
      onDrop={() => {}}
    />
  );
}

describe('ProgressCard, by keyboard (WCAG 2.4.3)', () => {
  it('keeps the focus on Mark watched, now for the next episode', () => {
    render(<Harness aired={7} watched={2} />, { wrapper: visitorWrapper('/progress') });
    const mark = screen.getByRole('button', { name: 'Mark watched: S1E3 of Breaking Bad' });
    mark.focus();
    fireEvent.click(mark);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mark watched: S1E4 of Breaking Bad' }));
  });

  it('moves the focus to Drop when the last aired episode is marked and the button goes', () => {
    render(<Harness aired={7} watched={6} />, { wrapper: visitorWrapper('/progress') });
    const mark = screen.getByRole('button', { name: 'Mark watched: S1E7 of Breaking Bad' });
    mark.focus();
    fireEvent.click(mark);
    screen.getByText('All caught up');
    expect(screen.queryByRole('button', { name: /^Mark watched/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drop Breaking Bad from the list' }));
  });
});
