import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TrackingNav } from './tracking-nav.tsx';

describe('TrackingNav', () => {
  it('links History, Progress, Calendar and Statistics, and marks the screen shown', () => {
    render(
      <MemoryRouter initialEntries={['/calendar']}>
        <TrackingNav />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Your viewing' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['History', '/history'],
      ['Progress', '/progress'],
      ['Calendar', '/calendar'],
      ['Statistics', '/stats'],
    ]);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
    ).toEqual(['Calendar']);
  });
});
