import { useId } from 'react';
import { RATING_FILTERS, RATING_SORTS, type RatingFilter, type RatingSort } from '../history-rating.ts';

const SELECT =
  'h-10 rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-fg focus:border-gold-400/60 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50';

/** Sorting and filtering the History screen's cards by the viewer's rating (issue 30). */
export function HistoryRatingControls({
  sort,
  onSortChange,
  filter,
  onFilterChange,
}: {
  sort: RatingSort;
  onSortChange: (sort: RatingSort) => void;
  filter: RatingFilter;
  onFilterChange: (filter: RatingFilter) => void;
}) {
  const sortId = useId();
  const filterId = useId();
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-5 gap-y-3" data-history-rating-controls="">
      <div className="flex items-center gap-2 max-sm:w-full">
        <label htmlFor={sortId} className="text-sm text-fg-muted max-sm:w-24">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSortChange(event.target.value as RatingSort)}
          className={`${SELECT} max-sm:flex-1`}
        >
          {RATING_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2 max-sm:w-full">
        <label htmlFor={filterId} className="text-sm text-fg-muted max-sm:w-24">
          Your rating
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => onFilterChange(event.target.value as RatingFilter)}
          className={`${SELECT} max-sm:flex-1`}
        >
          {RATING_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
