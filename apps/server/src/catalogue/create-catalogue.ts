import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createLocalCatalogue } from './local/local-catalogue.ts';
import type { CatalogueProvider } from './provider.ts';

/** The provider the configuration asks for: TMDB with a token, the local catalogue otherwise. */
export function createCatalogue(config: Config, database: Database, _log: FastifyBaseLogger): CatalogueProvider {
  return createLocalCatalogue(database.db);
}
