/**
 * The sync scenario's pieces: signed-in accounts made through the real sign-up (confirmed with the
 * dev outbox) and 100-operation batches, each newer than the last so that every request writes.
 */

/** Signs up, confirms (dev outbox) and signs in an account; each from its own forwarded address. */
export async function account(base, index) {
  const email = `bench-${index}-${Date.now()}@example.org`;
  const headers = { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `198.18.1.${index + 1}` };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password', name: '' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const outbox = await (await fetch(`${base}/api/dev/outbox`)).json();
  const link = outbox.results.find((mail) => mail.to === email).links[0];
  await fetch(link, { redirect: 'manual' });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  const cookie = signIn.headers.getSetCookie().find((value) => value.startsWith('marquee.session_token='));
  if (!cookie) throw new Error(`sign-in: ${signIn.status}`);
  return cookie.split(';')[0];
}

let sequence = 0;
/** 100 operations, all newer than any sent before: 50 Watch Later and 50 history upserts. */
export function batch() {
  const at = new Date(Date.UTC(2024, 0, 1) + ++sequence * 1000).toISOString();
  const operations = [];
  for (let index = 0; index < 50; index++) {
    const movieId = 1000 + index;
    operations.push({
      op: 'upsert',
      store: 'watch_later',
      at,
      item: {
        id: `movie:${movieId}`,
        movie_id: movieId,
        movie_title: `Film ${movieId}`,
        movie_poster: null,
        movie_overview: null,
        movie_release_date: '1999-03-31',
        movie_vote_average: 7.5,
        content_type: 'movie',
        added_at: at,
        synced: false,
      },
    });
    operations.push({
      op: 'upsert',
      store: 'history',
      at,
      item: {
        id: `tv:${movieId}:1:${index + 1}`,
        movie_id: movieId,
        movie_title: `Series ${movieId}`,
        movie_poster: null,
        content_type: 'tv',
        watched_at: at,
        duration_watched: 600,
        total_duration: 1800,
        completed: false,
        synced: false,
        season_number: 1,
        episode_number: index + 1,
        episode_title: null,
      },
    });
  }
  return JSON.stringify({ operations });
}
