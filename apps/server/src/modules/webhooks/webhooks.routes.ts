import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { badInputIn, MAX_JSON_DEPTH } from '../../plugins/json-body.ts';
import { requireUser } from '../auth/session.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import {
  findUserByAccountToken,
  getOrCreateAccountToken,
  renewAccountToken,
} from '../account-tokens/account-tokens.repository.ts';
import type { MatcherCatalogue } from './webhook-matcher.ts';
import { WEBHOOK_PROVIDERS, type WebhookProvider } from './webhook-payloads.ts';
import { dismissUnmatched, listUnmatched } from './webhooks.repository.ts';
import { receiveWebhook, webhookTurn } from './webhooks.service.ts';

/** `POST /api/webhooks/:provider/:token`: a server this app takes reports from, and an address's secret. */
export const webhookParams = z.object({
  provider: z.enum(WEBHOOK_PROVIDERS),
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the secret of a webhook address'),
});

/** `DELETE /api/me/webhooks/unmatched/:id`. */
export const unmatchedIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'must be a report id') });

/** `POST /api/me/webhooks/renew` takes no fields: nothing, or an empty JSON object. */
export const renewBody = z.object({}).optional();

/**
 * Plex's notifications are multipart: the JSON, and for some events a poster thumbnail, which is
 * read and thrown away. Posters are small; this leaves room for a large one.
 */
const MULTIPART_LIMIT = 2 * 1024 * 1024;

export interface WebhooksModuleOptions {
  db: Db;
  catalogue: MatcherCatalogue;
  publicUrl: string;
}

const accounts = new WeakMap<FastifyRequest, string>();

function addresses(publicUrl: string, token: string): Record<WebhookProvider, string> {
  return Object.fromEntries(
    WEBHOOK_PROVIDERS.map((provider) => [provider, `${publicUrl}/api/webhooks/${provider}/${token}`]),
  ) as Record<WebhookProvider, string>;
}

const notAnAddress = () =>
  new AppError('not_found', 'No webhook address like this one: copy it again from Settings → Media servers');

/**
 * Media servers' webhooks (issue 29 part 4; DESIGN.md API): `POST /api/webhooks/:provider/:token`
 * takes Jellyfin's, Emby's and Plex's notifications for the account whose secret the address holds;
 * `/api/me/webhooks` shows the signed-in user the addresses, renews them and lists what could not
 * be matched.
 */
export async function webhooksModule(app: FastifyInstance, options: WebhooksModuleOptions): Promise<void> {
  const { db, publicUrl } = options;

  // Body parsers for the notifications only, in a scope of their own: Jellyfin's plugin sends its
  // JSON as text/plain unless told otherwise, Plex sends multipart/form-data.
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    const readJson = (request: FastifyRequest, text: string) =>
      new Promise<unknown>((resolve, reject) => {
        parseJson(request, text, (error: Error | null, value?: unknown) => {
          if (error) return reject(new AppError('invalid_input', 'Invalid body: not JSON'));
          const problem = badInputIn(value, 'body', MAX_JSON_DEPTH);
          if (problem) return reject(new AppError('invalid_input', problem));
          resolve(value);
        });
      });
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (request: FastifyRequest, text: string) =>
      readJson(request, text),
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT },
      async (request: FastifyRequest, body: Buffer) => {
        let form: FormData;
        try {
          const type = String(request.headers['content-type']);
          form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
        } catch {
          throw new AppError('invalid_input', 'Invalid body: not a multipart form');
        }
        // Plex names its JSON part `payload`; Emby's form variant, `data`.
        const part = form.get('payload') ?? form.get('data');
        if (typeof part !== 'string') {
          throw new AppError('invalid_input', 'Invalid body: the form has no "payload" part holding the JSON');
        }
        return readJson(request, part);
      },
    );

    scope.post(
      '/api/webhooks/:provider/:token',
      {
        // Once the body is in (within its limit, as on every route: an oversized one is a 413, a
        // malformed one a 400): the address, then the account's rate, before any other work.
        preValidation: async (request, reply) => {
          const params = webhookParams.safeParse(request.params);
          if (!params.success) throw notAnAddress();
          const userId = await findUserByAccountToken(db, 'webhooks', params.data.token);
          if (!userId) throw notAnAddress();
          const retryAfter = await webhookTurn(db, userId);
          if (retryAfter !== null) {
            void reply.header('retry-after', String(retryAfter));
            throw new AppError('rate_limited', 'Too many notifications for this address. Please try again later.');
          }
          accounts.set(request, userId);
        },
      },
      async (request) => {
        const { provider } = webhookParams.parse(request.params);
        return receiveWebhook(options, accounts.get(request)!, provider, request.body);
      },
    );
  });

  app.get('/api/me/webhooks', async (request) => {
    const user = await requireUser(app, request);
    const token = await getOrCreateAccountToken(db, user.id, 'webhooks');
    return { ...addresses(publicUrl, token), unmatched: await listUnmatched(db, user.id) };
  });

  app.post('/api/me/webhooks/renew', async (request) => {
    const user = await requireUser(app, request);
    parseOrThrow(renewBody, request.body, 'body');
    return addresses(publicUrl, await renewAccountToken(db, user.id, 'webhooks'));
  });

  app.delete('/api/me/webhooks/unmatched/:id', async (request, reply) => {
    const user = await requireUser(app, request);
    const { id } = parseOrThrow(unmatchedIdParams, request.params, 'params');
    await dismissUnmatched(db, user.id, [id]);
    return reply.status(204).send();
  });

  app.delete('/api/me/webhooks/unmatched', async (request, reply) => {
    const user = await requireUser(app, request);
    await dismissUnmatched(db, user.id);
    return reply.status(204).send();
  });
}
