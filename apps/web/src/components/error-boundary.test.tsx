import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken({ broken }: { broken: boolean }) {
  if (broken) throw new Error('broken widget');
  return <p>Working page</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows the error screen in place of what failed, and tries again when its reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const view = render(
      <ErrorBoundary resetKey="/movie/1">
        <Broken broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong.');

    view.rerender(
      <ErrorBoundary resetKey="/movie/1">
        <Broken broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeNull();

    view.rerender(
      <ErrorBoundary resetKey="/movie/2">
        <Broken broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Working page').tagName).toBe('P');
  });
});
