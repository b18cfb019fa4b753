import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { CatalogueCapabilities } from '../../catalogue/provider.ts';

/** Image sizes the app uses (product.md §7 Images, player.md §7 Images). */
export const IMAGE_SIZES = {
  poster_sizes: ['w92', 'w342', 'w500', 'w780', 'original'],
  backdrop_sizes: ['w780', 'original'],
  still_sizes: ['w400', 'original'],
} as const;

/** The public part of the configuration: what the web app needs to draw images and links. */
export function publicConfig(config: Config, capabilities: CatalogueCapabilities) {
  const isTmdb = config.tmdbApiToken !== null;
  const imageBase = isTmdb ? `${config.tmdbImageUrl.replace(/\/$/, '')}/` : '/api/art/';
  return {
    images: {
      base_url: imageBase,
      secure_base_url: imageBase,
      ...IMAGE_SIZES,
    },
    catalogue: isTmdb ? ('tmdb' as const) : ('local' as const),
    features: {
      library: config.mediaDir !== null,
      trailers: capabilities.trailers,
      ads: config.adScriptUrl !== null,
      media_server: config.mediaServer !== null,
    },
    /** The Jellyfin or Emby server that is a video source, by kind and name (never its address). */
    media_server: config.mediaServer
      ? { kind: config.mediaServer.kind, name: config.mediaServer.kind === 'emby' ? 'Emby' : 'Jellyfin' }
      : null,
    /** Browse filters this catalogue can apply; a filter it cannot is reported, never faked. */
    filters: {
      type: true,
      genre: true,
      year: true,
      rating: true,
      certification: true,
      original_language: true,
      watch_providers: capabilities.watchProviders,
    },
    /** Social sign-in buttons to show: only providers configured on this server. */
    auth_providers: [
      ...(config.oauth.github ? [{ id: 'github', name: 'GitHub' }] : []),
      ...(config.oauth.google ? [{ id: 'google', name: 'Google' }] : []),
      ...(config.oauth.oidc ? [{ id: 'oidc', name: config.oauth.oidc.name }] : []),
    ],
    community_url: config.communityUrl,
    public_url: config.publicUrl,
    version: config.version,
  };
}

/** GET /api/config (design: "image base URL and sizes, provider mode, feature flags"). */
export async function appConfigRoutes(
  app: FastifyInstance,
  config: Config,
  capabilities: CatalogueCapabilities,
): Promise<void> {
  const body = publicConfig(config, capabilities);
  app.get('/api/config', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return body;
  });
}
