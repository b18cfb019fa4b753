import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { artRoutes } from './modules/art/art.routes.ts';
import { createCatalogue } from './catalogue/create-catalogue.ts';
import type { CatalogueProvider } from './catalogue/provider.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The catalogue provider; by default the local catalogue (TMDB when a token is configured). */
  catalogue?: CatalogueProvider;
  /** Pino options or false; tests pass false. */
  logger?: boolean | Record<string, unknown>;
}

/** Builds the Fastify app from a configuration and an open database. Starting it is main.ts's job. */
export async function buildApp({
  config,
  database,
  logger,
  catalogue: givenCatalogue,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  await registerSecurity(app, config);
  await app.register(compress, { global: true, threshold: 1024 });

  const catalogue = givenCatalogue ?? createCatalogue(config, database, app.log);
  await healthRoutes(app, { database, catalogueMode: catalogue.mode, version: config.version });
  await appConfigRoutes(app, config, catalogue.capabilities);
  await catalogueRoutes(app, catalogue);
  await artRoutes(app, database.db);

  await registerWebApp(app, config.webDistDir);
  return app;
}
