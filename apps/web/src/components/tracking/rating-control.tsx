import { setRating, useRating, type RatingSubject } from '@/lib/local-store/use-ratings.ts';
import { toast } from '@/lib/toast.ts';
import { RatingStars, type RatingStarsProps } from './rating-stars.tsx';

/** The viewer's rating of a title or an episode, read from and saved to the ratings store (synced). */
export function RatingControl({
  subject,
  label = 'Your rating',
  ...props
}: { subject: RatingSubject; label?: string } & Omit<RatingStarsProps, 'value' | 'onChange' | 'label'>) {
  const value = useRating(subject);
  return (
    <RatingStars
      value={value}
      label={label}
      onChange={(rating) => {
        const result = setRating(subject, rating);
        if (!result.ok) toast.error('Error', { description: result.error.message });
      }}
      {...props}
    />
  );
}
