import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '@/lib/auth/session.ts';
import { CommentsSection } from './comments-section.tsx';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

const USER = {
  id: 'user-1',
  email: 'ada@example.org',
  emailVerified: true,
  name: 'ada',
  image: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderSection(answer: (url: string, init?: RequestInit) => Response, signedIn = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => answer(url, init)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueryKey, signedIn ? USER : null);
  render(
    <QueryClientProvider client={client}>
      <CommentsSection contentType="movie" contentId={603} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('CommentsSection', () => {
  it('says when comments cannot be loaded (player.md §8)', async () => {
    renderSection(() => Response.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Error',
        expect.objectContaining({ description: 'Failed to load comments' }),
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load comments.');
  });

  it('asks to sign in again when the session has expired', async () => {
    renderSection((url, init) =>
      init?.method === 'POST'
        ? Response.json({ error: { code: 'unauthorized', message: 'Sign in to use this' } }, { status: 401 })
        : Response.json({ results: [] }),
    );
    await screen.findByText('No comments yet. Be the first to share your thoughts!');
    fireEvent.change(screen.getByLabelText('Share your thoughts'), { target: { value: 'Great film' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Authentication Required', {
        description: 'Please sign in to leave a comment',
      }),
    );
  });

  it('shows a visitor the sign-in prompt instead of the box', async () => {
    renderSection(() => Response.json({ results: [] }), false);
    await screen.findByText('Sign in to join the conversation and share your thoughts.');
    expect(screen.queryByLabelText('Share your thoughts')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In to Comment' })).toBeTruthy();
  });
});
