import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport } from './api-client.ts';
import { useSession } from './auth/session.ts';
import { useMediaQuery } from './use-media-query.ts';

/**
 * Taking a server-rendered page over: a hook whose browser value differs from the one the server
 * rendered makes React render its component again at once, synchronously, in one long task. The
 * hooks below read the server's value until the browser's is needed or known.
 */

let renders = 0;

/** Renders `element` on "the server", then hydrates the markup, counting the renders after that. */
async function takeOver(element: () => React.ReactElement) {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(element());
  renders = 0;
  await act(async () => {
    hydrateRoot(container, element());
  });
  return container;
}

function matchMediaAnswering(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setApiTransport((path, init) => fetch(path, init));
  document.body.innerHTML = '';
});

describe('useSession while the answer is awaited', () => {
  function Who() {
    renders += 1;
    const { user, isPending } = useSession();
    return <p>{isPending ? 'waiting' : (user?.name ?? 'guest')}</p>;
  }

  it('leaves the page as rendered: one render, no second one', async () => {
    // The session answer never comes during the test.
    setApiTransport(() => new Promise<Response>(() => {}));
    const client = new QueryClient();
    const container = await takeOver(() => (
      <QueryClientProvider client={client}>
        <Who />
      </QueryClientProvider>
    ));
    expect(container.textContent).toBe('waiting');
    expect(renders).toBe(1);
  });

  it('renders the answer once it comes', async () => {
    setApiTransport(async () => new Response('null', { headers: { 'content-type': 'application/json' } }));
    const client = new QueryClient();
    const container = await takeOver(() => (
      <QueryClientProvider client={client}>
        <Who />
      </QueryClientProvider>
    ));
    await vi.waitFor(() => expect(container.textContent).toBe('guest'));
  });
});

describe('useMediaQuery', () => {
  function Narrow({ active }: { active: boolean }) {
    renders += 1;
    return <p>{useMediaQuery('(max-width: 767px)', active) ? 'narrow' : 'wide'}</p>;
  }

  it('reads false and renders once while it is not active, even where the query matches', async () => {
    matchMediaAnswering(true);
    const container = await takeOver(() => <Narrow active={false} />);
    expect(container.textContent).toBe('wide');
    expect(renders).toBe(1);
  });

  it('follows the query once active', async () => {
    matchMediaAnswering(true);
    const container = await takeOver(() => <Narrow active />);
    expect(container.textContent).toBe('narrow');
  });
});
