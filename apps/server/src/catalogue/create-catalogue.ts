import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createLocalCatalogue } from './local/local-catalogue.ts';
import type { CatalogueProvider } from './provider.ts';
import { withAnswerCache } from './cached-catalogue.ts';
import { createTmdbCache } from './tmdb/tmdb-cache.ts';
import { createTmdbCatalogue } from './tmdb/tmdb-catalogue.ts';
import { createTmdbClient } from './tmdb/tmdb-client.ts';

/** The provider the configuration asks for: TMDB with a token, the local catalogue otherwise. */
export function createCatalogue(config: Config, database: Database, log: FastifyBaseLogger): CatalogueProvider {
  if (!config.tmdbApiToken) return withAnswerCache(createLocalCatalogue(database.db));
  const client = createTmdbClient({
    baseUrl: config.tmdbApiUrl,
    token: config.tmdbApiToken,
    timeoutMs: config.tmdbTimeoutMs,
    cache: createTmdbCache(database.db),
    logger: log,
  });
  return withAnswerCache(createTmdbCatalogue({ client }), { ttlMs: 60_000 });
}
