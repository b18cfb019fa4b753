/**
 * GitHub's OAuth and user endpoints, answered in this process: better-auth reaches them through
 * the global fetch, so with this installed a social sign-in, a token refresh or an account-info
 * request runs to its end without the network. Every other address goes to the real fetch.
 */
export const FAKE_GITHUB_USER = {
  id: 4242,
  login: 'octo-fuzz',
  name: 'octo-fuzz',
  email: 'octo-fuzz@example.org',
  avatar_url: 'https://example.org/octo.png',
};

function json(value: unknown): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Installs the fake; the function returned puts the real fetch back. */
export function installFakeGitHub(): () => void {
  const realFetch = globalThis.fetch;
  const fake: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('https://github.com/login/oauth/access_token')) {
      return json({
        access_token: `gho_fake_${Date.now().toString(36)}`,
        token_type: 'bearer',
        scope: 'read:user,user:email',
        refresh_token: 'ghr_fake',
        expires_in: 28_800,
        refresh_token_expires_in: 15_897_600,
      });
    }
    if (url === 'https://api.github.com/user') return json(FAKE_GITHUB_USER);
    if (url === 'https://api.github.com/user/emails') {
      return json([{ email: FAKE_GITHUB_USER.email, primary: true, verified: true, visibility: 'public' }]);
    }
    if (url.startsWith('https://github.com/') || url.startsWith('https://api.github.com/')) {
      return new Response('{"message":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    }
    return realFetch(input, init);
  };
  globalThis.fetch = fake;
  return () => {
    globalThis.fetch = realFetch;
  };
}
