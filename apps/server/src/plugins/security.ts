import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

function originOf(url: string | null): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * Security headers and the Content-Security-Policy. Scripts come only from this origin (no
 * inline script anywhere in the app). Frames allow any https host because users add their own
 * embed sources; those frames are sandboxed by the player.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const isHttps = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...originOf(config.adScriptUrl)],
        // Radix and Sonner set style attributes and a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...originOf(config.tmdbImageUrl)],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Embedded players and artwork from other origins must still load.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}
