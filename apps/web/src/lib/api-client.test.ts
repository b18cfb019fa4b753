import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError } from './api-client.ts';

function respond(status: number, body: unknown, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'content-type': contentType },
        }),
    ),
  );
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the JSON of a 2xx answer', async () => {
    respond(200, { status: 'ok' });
    await expect(apiFetch('/api/health')).resolves.toEqual({ status: 'ok' });
  });

  it("turns an error answer into an ApiError with the server's code and message", async () => {
    respond(404, { error: { code: 'not_found', message: 'Movie not found' } });
    const error = await apiFetch('/api/catalogue/movie/1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Movie not found' });
  });

  it('still fails clearly when the error body is not JSON', async () => {
    respond(502, '<html>Bad gateway</html>', 'text/html');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Request failed with status 502',
    });
  });
});
