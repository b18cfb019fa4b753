import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageStatusContext, type PageStatus } from '@/lib/page-status.tsx';
import { NotFoundScreen } from './not-found-screen.tsx';

describe('the page status', () => {
  it('is 404 while the not-found screen renders on the server', () => {
    const status: PageStatus = { code: 200 };
    const html = renderToString(
      <PageStatusContext value={status}>
        <MemoryRouter initialEntries={['/nope']}>
          <NotFoundScreen />
        </MemoryRouter>
      </PageStatusContext>,
    );
    expect(html).toContain('Page Not Found');
    expect(status.code).toBe(404);
  });
});
