import { useState } from 'react';
import { avatarInitials } from '@marquee/core';
import { cn } from '@/lib/cn.ts';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-20 text-2xl' } as const;

/** The user's avatar image, or their initials (product.md §5) when there is none or it fails. */
export function UserAvatar({
  username,
  email,
  avatarUrl,
  size = 'md',
  className,
}: {
  username?: string | null;
  email?: string | null;
  avatarUrl?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = avatarUrl && failedUrl !== avatarUrl;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-gold-300 to-gold-600 font-semibold tracking-wide text-ink-950 ring-2 ring-gold-400/30',
        SIZES[size],
        className,
      )}
      aria-hidden
    >
      {showImage ? (
        <img
          src={avatarUrl}
          alt=""
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailedUrl(avatarUrl)}
        />
      ) : (
        // The initials are a picture of the user, like the image: drawn as generated content, so
        // that they are not taken for words of the label of the control they sit in (WCAG 2.5.3).
        <span data-initials={avatarInitials(username, email)} className="before:content-[attr(data-initials)]" />
      )}
    </span>
  );
}
