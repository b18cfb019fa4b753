import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorHandler } from './plugins/errors.ts';
import { registerJsonBodyParser, registerUrlTextGuard } from './plugins/json-body.ts';
import { registerCsrfGuard, registerSecurity, securityHeaders } from './plugins/security.ts';
import { registerTurnBudget } from './plugins/turn-budget.ts';
import { registerWebApp } from './plugins/web.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { artRoutes } from './modules/art/art.routes.ts';
import { createAuth, type Auth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import type { PasswordHashing } from './modules/auth/password-hashing.ts';
import { listenForSessionChanges } from './modules/auth/session.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { createEpisodeCheck } from './modules/me/episode-check.ts';
import { PERSONAL_CHANNEL, PersonalCache } from './modules/me/personal-cache.ts';
import { profileRoutes } from './modules/me/profile.routes.ts';
import { progressRoutes } from './modules/progress/progress.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { accountDataRoutes } from './modules/account-data/account-data.routes.ts';
import { listsRoutes } from './modules/lists/lists.routes.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { createCommentsHub } from './modules/comments/comments-live.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { devEventsRoutes, eventsRoutes } from './modules/events/events.routes.ts';
import { diagnosticsRoutes } from './modules/diagnostics/diagnostics.routes.ts';
import { mediaModule } from './modules/media/media.routes.ts';
import { mediaServersModule } from './modules/media-servers/media-servers.routes.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { createAvailability } from './modules/availability/availability.service.ts';
import { recommendRoutes } from './modules/recommend/recommend.routes.ts';
import { webhooksModule } from './modules/webhooks/webhooks.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth: sessions for the /api/me/* and comment routes. */
    auth: Auth;
  }
}
import { createCatalogue } from './catalogue/create-catalogue.ts';
import type { CatalogueProvider } from './catalogue/provider.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The catalogue provider; by default the local catalogue (TMDB when a token is configured). */
  catalogue?: CatalogueProvider;
  /** Outgoing e-mail; by default SMTP_URL or the log and development outbox. */
  mailer?: Mailer;
  /** Pino options or false; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Told of every route as it is added (tests list the API this way to attack every route). */
  onRoute?: (route: RouteOptions) => void;
  /** How passwords are hashed; by default better-auth's own scrypt. The tests pass a cheaper one. */
  passwordHashing?: PasswordHashing;
}

/** Builds the Fastify app from a configuration and an open database. Starting it is main.ts's job. */
export async function buildApp({
  config,
  database,
  logger,
  catalogue: givenCatalogue,
  mailer: givenMailer,
  onRoute,
  passwordHashing,
}: AppDeps): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's own refusals run no hook: they get the security headers here.
    frameworkErrors: (error, request, reply) => frameworkErrorAnswer(error, request, reply.headers(headers)),
    clientErrorHandler: (error, socket) => clientErrorAnswer(error, socket, headers),
  });
  if (onRoute) app.addHook('onRoute', onRoute);

  // First: a request waiting for its turn has run none of the hooks below.
  registerTurnBudget(app);
  // onRequest hooks on every request are callback-style: an async hook costs a promise and a
  // microtask per request, a measurable share of a cached catalogue answer.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSecurity(app, headers);
  registerCsrfGuard(app, config);
  // After the security headers' hook, so that its 400 carries them too.
  registerUrlTextGuard(app);
  await app.register(compress, { global: true, threshold: 1024 });

  const catalogue = givenCatalogue ?? createCatalogue(config, database, app.log);
  await healthRoutes(app, { database, catalogueMode: catalogue.mode, version: config.version });
  await appConfigRoutes(app, config, catalogue.capabilities);
  const library = await mediaModule(app, {
    mediaDir: config.mediaDir,
    catalogue,
    publicUrl: config.publicUrl,
    adminToken: config.mediaAdminToken,
    trustProxy: config.trustProxy,
    ffmpegPath: config.ffmpegPath,
    transcodeLimit: config.mediaTranscodeLimit,
  });
  const mediaServer = await mediaServersModule(app, {
    server: config.mediaServer,
    catalogue,
    publicUrl: config.publicUrl,
    version: config.version,
  });
  const availability = createAvailability({ library, mediaServer, catalogue });
  await availabilityRoutes(app, availability);
  await catalogueRoutes(app, catalogue, database.db, availability);
  await artRoutes(app, database.db);

  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: `Marquee <no-reply@${new URL(config.publicUrl).hostname}>`,
      log: app.log,
    });
  const auth = createAuth({
    db: database.db,
    config,
    mailer,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    passwordHashing,
  });
  app.decorate('auth', auth);
  const personalCache = new PersonalCache();
  await listenForSessionChanges(app, database, [
    {
      channel: PERSONAL_CHANNEL,
      hear: (userId) => personalCache.evict(userId),
      setListening: (isListening) => personalCache.setListening(isListening),
    },
  ]);
  await authRoutes(app, auth, database.db, config.publicUrl, () =>
    database.ping().then(
      () => true,
      () => false,
    ),
  );
  if (config.devOutbox) await outboxRoutes(app, mailer);
  await meRoutes(app, database.db, personalCache, createEpisodeCheck(catalogue));
  await profileRoutes(app, database.db);
  await progressRoutes(app, database.db, catalogue, { personalCache });
  await calendarRoutes(app, { db: database.db, catalogue, publicUrl: config.publicUrl });
  await accountDataRoutes(app, database.db, catalogue);
  await listsRoutes(app, database.db);
  await recommendRoutes(app, database.db, catalogue);
  await webhooksModule(app, { db: database.db, catalogue, publicUrl: config.publicUrl });
  await statsRoutes(app, database.db, catalogue);
  await importsRoutes(app, { db: database.db, catalogue });
  const commentsHub = createCommentsHub(database, app.log);
  await commentsHub.start();
  await commentsRoutes(app, database.db, commentsHub);
  await feedbackRoutes(app, database.db);
  await eventsRoutes(app, database.db, config.eventsRateLimit);
  if (config.devOutbox) await devEventsRoutes(app, database.db);
  await diagnosticsRoutes(app, database.db);

  await registerWebApp(app, config.webDistDir);
  return app;
}
