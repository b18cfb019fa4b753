import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentReleaseDialog } from './recent-release-dialog.tsx';

afterEach(cleanup);

function renderDialog(days = 5) {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <RecentReleaseDialog open onClose={onClose} releaseDate="2025-03-03" days={days} />
    </MemoryRouter>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Recently Released Movie' }) };
}

describe('RecentReleaseDialog (player.md §8)', () => {
  it('gives the release date, the days since, the warning and the tips', () => {
    const { dialog } = renderDialog();
    expect(dialog.textContent).toContain('This movie was released on March 3, 2025 (5 days ago).');
    expect(dialog.textContent).toMatch(/may not be available yet on every source, or it may play in poor quality/);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Try another source from the video source menu.',
      'Add a source you trust in Settings → Custom video sources.',
      'Come back in a few days, when better copies are out.',
    ]);
  });

  it('says "1 day ago" in the singular', () => {
    expect(renderDialog(1).dialog.textContent).toContain('(1 day ago)');
  });

  it('links to the custom video sources of Settings and closes with I Understand', () => {
    const { dialog, onClose } = renderDialog();
    const link = within(dialog).getByRole('link', { name: 'Settings → Custom video sources' });
    expect(link.getAttribute('href')).toBe('/settings/#custom-video-sources');
    fireEvent.click(within(dialog).getByRole('button', { name: 'I Understand' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
