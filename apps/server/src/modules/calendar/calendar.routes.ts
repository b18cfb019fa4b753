import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildICalendar, calendarQuerySchema, type CalendarEntry } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import {
  findUserByAccountToken,
  getOrCreateAccountToken,
  renewAccountToken,
} from '../account-tokens/account-tokens.repository.ts';
import { requireUser } from '../auth/session.ts';
import { feedRange, getCalendar } from './calendar.service.ts';

/** `:token` of the feed's address: whatever a path holds; a token of another shape names nobody. */
export const feedParams = z.object({ token: z.string().max(200) });

export interface CalendarRoutesOptions {
  db: Db;
  catalogue: CatalogueProvider;
  /** The address users reach the server at: the feed's address is built on it. */
  publicUrl: string;
  now?: () => Date;
}

/**
 * The calendar (DESIGN.md "HTTP API contract"): `GET /api/me/calendar` for the signed-in viewer,
 * `POST /api/me/calendar/renew` to change the feed's secret address (the old one stops working),
 * and the iCal feed itself at `GET /api/calendar/:token.ics`, which calendar apps fetch without
 * a session: the token is the only key.
 */
export async function calendarRoutes(
  app: FastifyInstance,
  { db, catalogue, publicUrl, now = () => new Date() }: CalendarRoutesOptions,
): Promise<void> {
  const base = publicUrl.replace(/\/+$/, '');
  const feedUrl = (token: string) => `${base}/api/calendar/${token}.ics`;

  app.get('/api/me/calendar', async (request, reply) => {
    const user = await requireUser(app, request);
    const range = parseOrThrow(calendarQuerySchema, request.query, 'query');
    const [results, token] = await Promise.all([
      getCalendar({ db, catalogue }, user.id, range),
      getOrCreateAccountToken(db, user.id, 'calendar'),
    ]);
    void reply.header('cache-control', 'private, no-store');
    return { results, ics_url: feedUrl(token) };
  });

  app.post('/api/me/calendar/renew', async (request, reply) => {
    const user = await requireUser(app, request);
    void reply.header('cache-control', 'private, no-store');
    return { ics_url: feedUrl(await renewAccountToken(db, user.id, 'calendar')) };
  });

  app.get('/api/calendar/:token', async (request, reply) => {
    const { token: file } = parseOrThrow(feedParams, request.params, 'params');
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const userId = token ? await findUserByAccountToken(db, 'calendar', token) : null;
    if (!userId) throw new AppError('not_found', 'No calendar at this address (it may have been renewed)');
    const at = now();
    const entries = await getCalendar({ db, catalogue }, userId, feedRange(at));
    const domain = new URL(base).hostname;
    const linkOf = (entry: CalendarEntry) =>
      `${base}/${entry.title.media_type === 'movie' ? 'movie' : 'series'}/${entry.title.id}`;
    // Calendar apps ask again every few hours; a proxy must not keep one account's feed for another.
    return reply
      .header('cache-control', 'private, max-age=900')
      .header('x-robots-tag', 'noindex')
      .type('text/calendar; charset=utf-8')
      .send(buildICalendar(entries, { name: 'Marquee', now: at, domain, linkOf }));
  });
}
