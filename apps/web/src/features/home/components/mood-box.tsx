import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import { Loader2, SearchX, Sparkles } from 'lucide-react';
import type { Recommendation } from '@marquee/core';
import { Button } from '@/components/ui/button.tsx';
import { trackEvent } from '@/lib/analytics/track.ts';
import { useHistory, useSettings } from '@/lib/local-store/hooks.ts';
import { useRecommendations } from '../api/get-recommendations.ts';
import { describeIntent, MOOD_EXAMPLES, MOOD_RESULTS_SHOWN } from '../home-rules.ts';
import { MOOD_GRID, MOOD_ITEM } from './mood-grid.ts';
import { SECTION_CONTAINER, SectionHeader } from './section-header.tsx';

const loadMoodResults = () => import('./mood-results.tsx');
// The picks' title cards load with the first request, not with the page: most visits ask nothing.
const MoodResults = lazy(() => loadMoodResults().then((module) => ({ default: module.MoodResults })));

/** product.md §8, word for word. */
export const MOOD_ERROR = 'Failed to fetch recommendations. Please try again.';

function ResultsSkeleton() {
  return (
    <ul className={MOOD_GRID} aria-hidden>
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className={MOOD_ITEM}>
          <div className="aspect-[2/3] animate-pulse rounded-xl bg-white/5" />
          <div className="mt-3 h-3.5 w-3/4 animate-pulse rounded bg-white/5" />
          <div className="mt-2 h-3 w-full animate-pulse rounded bg-white/5" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page's AI recommendations box (product.md §2): a request in the viewer's own words,
 * answered by Marquee's local recommender with the reason for each pick. The submit button is
 * disabled while the request is blank or loading.
 */
export function MoodBox() {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const hintId = useId();
  const { items: history } = useHistory();
  const { settings } = useSettings();
  const recommendations = useRecommendations();
  const isLoading = recommendations.isPending;
  const answer = recommendations.data;
  const results = answer?.results.slice(0, MOOD_RESULTS_SHOWN) ?? [];

  function ask(text: string) {
    if (!text.trim() || isLoading) return;
    trackEvent('recommendation_request', { query: text.trim() });
    void loadMoodResults();
    recommendations.mutate(
      { query: text, history, settings },
      {
        onError: (error) => {
          console.error('Mood box: failed to fetch recommendations', error);
          toast.error(MOOD_ERROR);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    ask(query);
  }

  function open(item: Recommendation, rank: number) {
    trackEvent('recommendation_click', { content_id: item.id, content_type: item.media_type, rank });
  }

  const understood = answer ? describeIntent(answer.intent, answer.reference?.title) : [];

  return (
    <section aria-labelledby="home-mood" className={`${SECTION_CONTAINER} pt-10`}>
      <div className="rounded-2xl border border-gold-400/15 bg-gradient-to-br from-gold-400/[0.07] via-white/[0.02] to-transparent p-4 sm:p-6 lg:p-8">
        <SectionHeader
          id="home-mood"
          title={
            <span className="inline-flex items-center gap-2">
              <Sparkles className="size-6 text-gold-400" aria-hidden />
              What are you in the mood for?
            </span>
          }
          description="Describe it in your own words: Marquee picks titles from the catalogue and tells you why."
          className="mb-4"
        />
        <form
          onSubmit={submit}
          className="flex flex-col gap-3 sm:flex-row"
          role="search"
          aria-label="Mood recommendations"
        >
          <label htmlFor={inputId} className="sr-only">
            Describe what you feel like watching
          </label>
          <input
            id={inputId}
            type="text"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. something scary but funny"
            aria-describedby={hintId}
            autoComplete="off"
            className="h-12 w-full min-w-0 shrink-0 sm:flex-1 sm:shrink rounded-lg border border-white/10 bg-ink-900/80 px-4 text-base text-fg placeholder:text-fg-subtle focus:border-gold-400/60 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50"
          />
          <Button type="submit" size="lg" disabled={!query.trim() || isLoading} aria-busy={isLoading}>
            {isLoading ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Sparkles className="size-4" aria-hidden />
            )}
            {isLoading ? 'Finding picks...' : 'Get Recommendations'}
          </Button>
        </form>
        <div id={hintId} className="mt-3 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
          <span>Try:</span>
          {MOOD_EXAMPLES.map((example) => (
            <button
              key={example}
              type="button"
              disabled={isLoading}
              onClick={() => {
                setQuery(example);
                ask(example);
              }}
              className="rounded-full border border-white/10 bg-white/5 px-3 py-1 text-fg-muted transition-colors hover:border-gold-400/40 hover:text-fg focus-visible:ring-2 focus-visible:ring-gold-400/60 focus-visible:outline-hidden disabled:opacity-50"
            >
              {example}
            </button>
          ))}
        </div>

        <div aria-live="polite" aria-busy={isLoading} className="empty:hidden">
          {isLoading ? (
            <div className="mt-6">
              <p className="sr-only">Finding picks...</p>
              <ResultsSkeleton />
            </div>
          ) : recommendations.isError ? (
            <p role="alert" className="mt-6 rounded-xl border border-ember-500/30 bg-ember-500/10 p-4 text-sm text-fg">
              {MOOD_ERROR}
            </p>
          ) : answer ? (
            <div className="mt-6">
              {understood.length > 0 ? (
                <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
                  <span>Understood:</span>
                  {understood.map((label) => (
                    <span key={label} className="rounded-md bg-gold-400/10 px-2 py-0.5 text-gold-200">
                      {label}
                    </span>
                  ))}
                </p>
              ) : (
                <p className="mb-4 text-sm text-fg-muted">
                  No mood words recognised there, so here are well-liked picks. Try genres, moods, a decade or “like” a
                  title.
                </p>
              )}
              {results.length === 0 ? (
                <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-white/10 px-6 py-12 text-center">
                  <SearchX className="size-8 text-fg-subtle" aria-hidden />
                  <p className="mt-3 font-medium text-fg">Nothing in the catalogue fits that yet</p>
                  <p className="mt-1 text-sm text-fg-muted">Try fewer conditions or other words.</p>
                </div>
              ) : (
                <Suspense fallback={<ResultsSkeleton />}>
                  <MoodResults results={results} quality={settings.posterQuality} onOpen={open} />
                </Suspense>
              )}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
