import { useId } from 'react';
import { MarkWatchedButton } from '@/components/tracking/mark-watched-button.tsx';
import { playsText } from '@/components/tracking/mark-watched-target.ts';
import { RatingControl } from '@/components/tracking/rating-control.tsx';
import { useFilmPlays, useWatchedCount } from '@/lib/local-store/use-watched.ts';
import { isMovie, type Details } from '../detail-facts.ts';

/**
 * The viewer's own tracking of a title on its detail page (issue 30): Watched (a film, or every
 * aired episode of a series), for a film watched already "Watched again" (a play more) and how many
 * times, and their rating as five stars.
 */
export function DetailTracking({ details }: { details: Details }) {
  const ratingLabel = useId();
  const isFilm = isMovie(details);
  const watched = useWatchedCount(details.id, details.media_type);
  const plays = useFilmPlays(isFilm ? details.id : 0);
  const isWatched = watched > 0;
  const played = isFilm ? playsText(plays) : null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3" data-detail-tracking="">
      <div className="flex flex-wrap items-center gap-2 max-sm:w-full">
        <MarkWatchedButton
          title={details}
          target={{ scope: 'title' }}
          isWatched={isWatched}
          markLabel={isFilm ? 'Mark watched' : 'Mark all watched'}
          watchedLabel={isFilm ? 'Watched' : `${watched} ${watched === 1 ? 'episode' : 'episodes'} watched`}
          className="max-sm:flex-1"
        />
        {isFilm && isWatched ? (
          <MarkWatchedButton
            title={details}
            target={{ scope: 'title' }}
            isWatched
            action="again"
            markLabel="Watched again"
            className="max-sm:flex-1"
          />
        ) : null}
        {played ? (
          <span className="text-sm text-fg-muted" data-plays={plays}>
            {played}
          </span>
        ) : null}
      </div>
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
