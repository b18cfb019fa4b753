import { useState } from 'react';
import { setRating, useRating, type RatingSubject } from '@/lib/local-store/use-ratings.ts';
import { toast } from '@/lib/toast.ts';
import { RatingStars, type RatingStarsProps } from './rating-stars.tsx';

/** The viewer's rating of a title or an episode, read from and saved to the ratings store (synced). */
export function RatingControl({
  subject,
  label = 'Your rating',
  ...props
}: { subject: RatingSubject; label?: string } & Omit<RatingStarsProps, 'value' | 'onChange' | 'label'>) {
  const stored = useRating(subject);
  // The store loads at the first change: until it has saved one, the stars show the value asked
  // for, so that quick key presses go on from it rather than from the stored one.
  const [asked, setAsked] = useState<{ value: number | null; over: number | null } | null>(null);
  const value = asked && asked.over === stored ? asked.value : stored;
  return (
    <RatingStars
      value={value}
      label={label}
      onChange={(rating) => {
        setAsked({ value: rating, over: stored });
        void setRating(subject, rating).then((result) => {
          if (!result.ok) toast.error('Error', { description: result.error.message });
        });
      }}
      {...props}
    />
  );
}
