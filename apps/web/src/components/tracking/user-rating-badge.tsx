import { Star } from 'lucide-react';
import { useRating, type RatingSubject } from '@/lib/local-store/use-ratings.ts';
import { cn } from '@/lib/cn.ts';
import { ratingText, starsOf } from './rating-text.ts';

/** The viewer's own rating as a small badge ("★ 4.5"), beside the catalogue's; nothing when unrated. */
export function UserRatingBadge({ subject, className }: { subject: RatingSubject; className?: string }) {
  const rating = useRating(subject);
  if (rating === null) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md bg-gold-400 px-1.5 py-0.5 text-xs font-bold text-ink-950',
        className,
      )}
      aria-label={`Your rating: ${ratingText(rating)}`}
      title="Your rating"
      data-user-rating={rating}
    >
      <Star className="size-3 fill-current" aria-hidden />
      {starsOf(rating)}
    </span>
  );
}
