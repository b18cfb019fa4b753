import { useState } from 'react';
import { Film } from 'lucide-react';
import { useAppConfig } from '@/lib/app-config.ts';
import { imageUrl, posterSize, posterSrcSet, type PosterQuality } from '@/lib/images.ts';
import { cn } from '@/lib/cn.ts';

export interface PosterImageProps {
  path: string | null | undefined;
  alt: string;
  /** The width the poster is drawn at, in CSS pixels, for the auto quality. */
  width: number;
  quality?: PosterQuality;
  /** Above-the-fold images load eagerly; the rest lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A 2:3 poster: the size follows the poster-quality setting (auto: the browser's choice from a
 * srcset), width and height are set so the
 * layout never shifts, and a placeholder replaces a missing or broken image.
 */
export function PosterImage({ path, alt, width, quality = 'auto', priority = false, className }: PosterImageProps) {
  const { data: config } = useAppConfig();
  const [failed, setFailed] = useState(false);
  const base = config?.images.secure_base_url;
  const src = base ? imageUrl(base, path, posterSize(quality, width)) : null;
  // Auto quality: the browser picks the size for its pixel ratio.
  const srcSet = base && quality === 'auto' ? posterSrcSet(base, path) : null;

  return (
    <div className={cn('relative aspect-[2/3] overflow-hidden bg-ink-800', className)}>
      {src && !failed ? (
        <img
          src={src}
          srcSet={srcSet ?? undefined}
          sizes={srcSet ? `${width}px` : undefined}
          alt={alt}
          width={width}
          height={Math.round(width * 1.5)}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-ink-700 to-ink-900 p-3 text-center"
          role="img"
          aria-label={alt}
        >
          <Film className="size-8 text-fg-subtle" aria-hidden />
          {config ? <span className="line-clamp-3 text-xs font-medium text-fg-muted">{alt}</span> : null}
        </div>
      )}
    </div>
  );
}
