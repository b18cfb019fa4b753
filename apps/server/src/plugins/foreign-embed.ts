import type { FastifyRequest } from 'fastify';

/**
 * Whether a stream request comes from another site's page. The Library's files and a media
 * server's films are for Marquee's own player only: an embed elsewhere would make this server a
 * free video host. Fetch metadata decides when the browser sends it; otherwise Origin, then Referer.
 */
export function isForeignEmbed(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-origin' || fetchSite === 'same-site' || fetchSite === 'none') return false;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.headers.host ?? ''}`]);
  const origin = request.headers.origin;
  if (typeof origin === 'string') return !own.has(origin);
  const referer = request.headers.referer;
  if (typeof referer === 'string') {
    try {
      return !own.has(new URL(referer).origin);
    } catch {
      return true;
    }
  }
  // A direct request (address bar, curl, a download manager) embeds nothing.
  return false;
}
