/**
 * HLS through Marquee: the media server's playlists name their variants and segments by URLs
 * relative to /Videos/{id}/ on that server, and may repeat the request's query. The browser must
 * reach none of them directly (the server is usually on a private network, and a URL might carry
 * a key), so every URL of a playlist is rewritten to Marquee's proxy path of the same resource.
 */

/** Query parameters that carry a key: never passed to the browser, never taken from it. */
const KEY_PARAMS = new Set(['api_key', 'apikey', 'x-emby-token', 'x-mediabrowser-token']);

/**
 * The part of an HLS URL after /Videos/{id}/ that the proxy forwards: a media playlist or one of
 * its segments (DynamicHlsController: main.m3u8 and hls1/{playlistId}/{segmentId}.{container};
 * -1 is an fMP4 init segment). Anything else (the server's other endpoints) is refused.
 */
export const HLS_PATH = /^(?:main\.m3u8|hls1\/[A-Za-z0-9_-]{1,64}\/-?\d{1,6}\.(?:ts|mp4|m4s|aac|mp3))$/;

export function withoutKeys(query: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of query) if (!KEY_PARAMS.has(name.toLowerCase())) kept.append(name, value);
  return kept;
}

/**
 * The proxy URL of one playlist reference, or null when it points outside the item's HLS
 * resources (another origin, another item, another endpoint).
 */
function proxied(reference: string, playlistUrl: URL, itemRoot: URL, proxyRoot: string): string | null {
  let target: URL;
  try {
    target = new URL(reference, playlistUrl);
  } catch {
    return null;
  }
  if (target.origin !== itemRoot.origin || !target.pathname.startsWith(itemRoot.pathname)) return null;
  const rest = target.pathname.slice(itemRoot.pathname.length);
  if (!HLS_PATH.test(rest)) return null;
  const query = withoutKeys(target.searchParams).toString();
  return `${proxyRoot}${rest}${query ? `?${query}` : ''}`;
}

/**
 * Rewrites a playlist fetched from `playlistUrl` so that its URLs lead to `proxyRoot` (Marquee's
 * `/api/media-servers/hls/{id}/`) instead of `itemRoot` (the server's `/Videos/{id}/`). A
 * reference the proxy would refuse is left out with the tag that introduces it (a subtitle or
 * trickplay rendition, say): the rest of the stream still plays.
 */
export function rewritePlaylist(text: string, playlistUrl: URL, itemRoot: URL, proxyRoot: string): string {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '') {
      out.push(line);
    } else if (trimmed.startsWith('#')) {
      let dropped = false;
      const rewritten = trimmed.replace(/URI="([^"]*)"/g, (_match, uri: string) => {
        const target = proxied(uri, playlistUrl, itemRoot, proxyRoot);
        if (target === null) dropped = true;
        return `URI="${target ?? ''}"`;
      });
      if (!dropped) out.push(rewritten);
    } else {
      const target = proxied(trimmed, playlistUrl, itemRoot, proxyRoot);
      if (target !== null) out.push(target);
      else if (/^#EXT(?:INF|-X-STREAM-INF|-X-BYTERANGE)/.test(out.at(-1) ?? '')) out.pop();
    }
  }
  return out.join('\n');
}
