import { useEffect, useState } from 'react';
import { setRating } from '@/lib/local-store/set-rating.ts';
import { useRating, type RatingSubject } from '@/lib/local-store/use-ratings.ts';
import { toast } from '@/lib/toast.ts';
import { RatingStars, type RatingStarsProps } from './rating-stars.tsx';

/** The viewer's rating of a title or an episode, read from and saved to the ratings store (synced). */
export function RatingControl({
  subject,
  label = 'Your rating',
  ...props
}: { subject: RatingSubject; label?: string } & Omit<RatingStarsProps, 'value' | 'onChange' | 'label'>) {
  const stored = useRating(subject);
  // The store loads at the first change and saves each change a moment later: until it holds the
  // value last asked for, the stars show that value, so that quick key presses go on from it.
  const [asked, setAsked] = useState<{ value: number | null } | null>(null);
  const value = asked ? asked.value : stored;
  useEffect(() => {
    if (asked && stored === asked.value) setAsked(null);
  }, [asked, stored]);
  return (
    <RatingStars
      value={value}
      label={label}
      onChange={(rating) => {
        const request = { value: rating };
        setAsked(request);
        const fail = (message: string) => {
          toast.error('Error', { description: message });
          // The stars go back to what is stored (unless a later press is pending).
          setAsked((current) => (current === request ? null : current));
        };
        setRating(subject, rating).then(
          (result) => {
            if (!result.ok) fail(result.error.message);
          },
          // The ratings store could not be downloaded (a dropped connection): the next press tries again.
          () => fail('Your rating could not be saved. Check your connection and try again.'),
        );
      }}
      {...props}
    />
  );
}
