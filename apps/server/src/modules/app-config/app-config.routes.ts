import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** Image sizes the app uses (product.md §7 Images, player.md §7 Images). */
export const IMAGE_SIZES = {
  poster_sizes: ['w92', 'w342', 'w500', 'w780', 'original'],
  backdrop_sizes: ['w780', 'original'],
  still_sizes: ['w400', 'original'],
} as const;

/** The public part of the configuration: what the web app needs to draw images and links. */
export function publicConfig(config: Config) {
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
      ads: config.adScriptUrl !== null,
    },
    community_url: config.communityUrl,
    public_url: config.publicUrl,
    version: config.version,
  };
}

/** GET /api/config (design: "image base URL and sizes, provider mode, feature flags"). */
export async function appConfigRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const body = publicConfig(config);
  app.get('/api/config', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return body;
  });
}
