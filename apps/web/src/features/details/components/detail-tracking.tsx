import { useId } from 'react';
import { MarkWatchedButton } from '@/components/tracking/mark-watched-button.tsx';
import { RatingControl } from '@/components/tracking/rating-control.tsx';
import { useIsWatched, useWatchedEpisodeCount } from '@/lib/local-store/use-watched.ts';
import { isMovie, type Details } from '../detail-facts.ts';

/**
 * The viewer's own tracking of a title on its detail page (issue 30): Watched (a film, or every
 * aired episode of a series) and their rating as five stars.
 */
export function DetailTracking({ details }: { details: Details }) {
  const ratingLabel = useId();
  const isWatched = useIsWatched(details.id, details.media_type);
  const episodes = useWatchedEpisodeCount(isMovie(details) ? 0 : details.id);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3" data-detail-tracking="">
      <MarkWatchedButton
        title={details}
        target={{ scope: 'title' }}
        isWatched={isWatched}
        markLabel={isMovie(details) ? 'Mark watched' : 'Mark all watched'}
        watchedLabel={isMovie(details) ? 'Watched' : `${episodes} ${episodes === 1 ? 'episode' : 'episodes'} watched`}
        className="max-sm:w-full"
      />
      <div className="flex items-center gap-2">
        <span id={ratingLabel} className="text-sm font-medium text-fg-muted">
          Your rating
        </span>
        <RatingControl
          subject={{ movie_id: details.id, content_type: details.media_type }}
          labelledBy={ratingLabel}
          showText
        />
      </div>
    </div>
  );
}
