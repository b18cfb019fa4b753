import type { FastifyInstance } from 'fastify';
import { recommendParamsSchema, type MediaType } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { findSessionUser } from '../auth/session.ts';
import { findSettings, listHistory } from '../me/me.repository.ts';
import { findAccountExclusions } from '../catalogue/account-exclusions.ts';
import { recommend, type TitleRef } from './recommend.service.ts';

function parseRef(ref: string): TitleRef {
  const [type, id] = ref.split(':') as [MediaType, string];
  return { type, id: Number(id) };
}

/**
 * GET /api/recommend (DESIGN.md): the mood box's answers. A signed-in user's history and hidden
 * titles are never recommended back; the history shapes the ranking only when both the request and
 * the account's settings allow personalised recommendations (enablePersonalizedRecs,
 * privacySettings.allowRecommendations).
 */
export async function recommendRoutes(app: FastifyInstance, db: Db, catalogue: CatalogueProvider): Promise<void> {
  app.get('/api/recommend', async (request, reply) => {
    const params = parseOrThrow(recommendParamsSchema, request.query, 'query');
    const watched = (params.watched ?? []).map(parseRef);
    // Titles the viewer is not interested in are never picked, but say nothing of their taste.
    const notInterested = (params.exclude ?? []).map(parseRef);
    let personalize = params.personalize;
    let favoriteGenres = params.genres ?? [];
    // Reading a session costs a query: only when the request could carry one.
    const user = request.headers.cookie ? await findSessionUser(app, request) : null;
    if (user) {
      const [{ settings }, history, hidden] = await Promise.all([
        findSettings(db, user.id),
        listHistory(db, user.id),
        findAccountExclusions(db, user.id, ['hidden']),
      ]);
      notInterested.push(...hidden.map(parseRef));
      personalize &&= settings.enablePersonalizedRecs && settings.privacySettings.allowRecommendations;
      favoriteGenres = [...new Set([...favoriteGenres, ...settings.favoriteGenres])];
      watched.unshift(...history.map((item) => ({ type: item.content_type, id: item.movie_id })));
    }
    const answer = await recommend(catalogue, {
      query: params.q,
      type: params.type,
      watched: [...watched, ...notInterested],
      personalize,
      favoriteGenres,
      recent: watched,
    });
    void reply.header('cache-control', 'private, no-store');
    return answer;
  });
}
