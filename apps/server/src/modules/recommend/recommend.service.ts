import {
  avoidedGenresFor,
  genresFor,
  genreWeightsFor,
  parseMood,
  RECOMMEND_LIMIT,
  titleOf,
  tvGenresFor,
  type MediaType,
  type MoodIntent,
  type Recommendation,
  type RecommendAnswer,
  type TitleSummary,
} from '@marquee/core';
import { AppError } from '../../plugins/errors.ts';
import type { Candidate, CatalogueProvider } from '../../catalogue/provider.ts';

/** Titles each media type contributes to the pool that is ranked. */
const POOL_SIZE = 300;
/** Recently watched titles whose genres shape a personal ranking. */
const AFFINITY_TITLES = 20;

/** Minutes that make a title short or long (series: an episode). */
const LENGTHS: Record<MediaType, Record<'short' | 'long', [min: number | null, max: number | null]>> = {
  movie: { short: [null, 100], long: [140, null] },
  tv: { short: [null, 30], long: [50, null] },
};

const LIGHT_GENRES = new Set([35, 10751, 16, 10749, 10402, 10762]);
const DARK_GENRES = new Set([27, 53, 80, 10752]);
const CALM_GENRES = new Set([18, 9648]);
const BUSY_GENRES = new Set([28, 12, 10759, 10751, 16]);
const CEREBRAL_GENRES = new Set([878, 9648, 10765, 18]);

export interface TitleRef {
  type: MediaType;
  id: number;
}

export interface RecommendInput {
  query: string;
  /** Only this media type; otherwise the request's own words decide, or both. */
  type?: MediaType;
  /** Titles never to recommend (the user's history). */
  watched: TitleRef[];
  /** Whether the user's genres and history may shape the ranking (product.md §6 consent). */
  personalize: boolean;
  favoriteGenres: number[];
  /** Newest first: whose genres say what the user tends to watch. */
  recent: TitleRef[];
  now?: Date;
}

interface Reference {
  summary: TitleSummary;
  genres: number[];
  people: string[];
  year: number | null;
}

interface Scored {
  candidate: Candidate;
  score: number;
  reason: string;
}

const refKey = (type: MediaType, id: number) => `${type}:${id}`;

function yearOf(summary: TitleSummary): number | null {
  const date = summary.release_date ?? summary.first_air_date;
  return date ? Number(date.slice(0, 4)) : null;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A rating that trusts a title's votes more the more of them there are (a Bayesian average). */
function trustedRating(summary: TitleSummary): number {
  const votes = summary.vote_count;
  return (votes * summary.vote_average + 150 * 6.3) / (votes + 150);
}

/**
 * The local mood recommender (DESIGN.md): reads the request into an intent, gathers a pool of
 * titles from the catalogue, ranks them against the intent (and, when allowed, the user's
 * favourite genres and history) and says for each why it was picked. Watched titles never come
 * back.
 */
export async function recommend(source: CatalogueProvider, input: RecommendInput): Promise<RecommendAnswer> {
  // The search, the reference's details, the history's genres and the pools come one after
  // another: together they may wait on the catalogue's upstream only as long as one call may.
  const catalogue = source.withRequestDeadline();
  const now = input.now ?? new Date();
  const intent = parseMood(input.query, now);
  const reference = intent.reference
    ? await findReference(catalogue, intent.reference, input.type ?? intent.mediaType)
    : null;
  const types: MediaType[] = input.type
    ? [input.type]
    : intent.mediaType
      ? [intent.mediaType]
      : reference && !hasOwnGenres(intent)
        ? [reference.summary.media_type]
        : ['movie', 'tv'];
  const affinity = input.personalize ? await genreAffinity(catalogue, input.recent) : new Map<string, number>();
  const favorites = input.personalize ? input.favoriteGenres : [];
  const excluded = new Set(input.watched.map((ref) => refKey(ref.type, ref.id)));
  if (reference) excluded.add(refKey(reference.summary.media_type, reference.summary.id));

  const ranked: Scored[] = [];
  const gather = async (type: MediaType, era: MoodIntent['era']) => {
    const weights = genreWeightsFor(intent, type);
    if (reference) {
      const referenceGenres =
        reference.summary.media_type === type ? reference.genres : translateGenres(reference, type);
      for (const id of referenceGenres) {
        if ((weights.get(id)?.weight ?? 0) < 0.8)
          weights.set(id, { weight: 0.8, cue: `like ${titleOf(reference.summary)}` });
      }
    }
    const [runtimeMin, runtimeMax] = intent.length ? LENGTHS[type][intent.length] : [null, null];
    const pool = await catalogue.candidates({
      type,
      genres: [...weights.keys()],
      primaryGenres: [...weights].filter(([, genre]) => genre.weight >= 0.9).map(([id]) => id),
      avoidGenres: avoidedGenresFor(intent, type),
      yearFrom: era?.from ?? null,
      yearTo: era?.to ?? null,
      runtimeMin,
      runtimeMax,
      language: intent.language,
      keywords: intent.keywords,
      limit: POOL_SIZE,
    });
    for (const candidate of pool) {
      const key = refKey(type, candidate.summary.id);
      if (excluded.has(key)) continue;
      excluded.add(key);
      const scored = score(candidate, { intent, weights, reference, favorites, affinity, type });
      // Found only once the era was let go: after every title of the era, the nearest years first.
      if (era !== intent.era) scored.score -= 3 + eraDistance(candidate.summary, intent.era) / 15;
      ranked.push(scored);
    }
  };
  for (const type of types) await gather(type, intent.era);
  // An era the catalogue barely covers ("a 70s gangster film") still gets a full answer.
  if (intent.era && ranked.length < RECOMMEND_LIMIT) {
    for (const type of types) await gather(type, null);
  }
  ranked.sort((a, b) => b.score - a.score || a.candidate.summary.id - b.candidate.summary.id);
  const results: Recommendation[] = ranked
    .slice(0, RECOMMEND_LIMIT)
    .map(({ candidate, reason }) => ({ ...candidate.summary, reason }));
  return {
    results,
    intent,
    reference: reference
      ? { id: reference.summary.id, media_type: reference.summary.media_type, title: titleOf(reference.summary) }
      : null,
    personalized: input.personalize && (favorites.length > 0 || affinity.size > 0),
  };
}

/** Years between a title and an era, 0 inside it. */
function eraDistance(summary: TitleSummary, era: MoodIntent['era']): number {
  const year = yearOf(summary);
  if (!era || year === null) return 50;
  if (era.from !== null && year < era.from) return era.from - year;
  if (era.to !== null && year > era.to) return year - era.to;
  return 0;
}

function hasOwnGenres(intent: MoodIntent): boolean {
  return intent.include.some((genre) => genre.weight >= 0.9);
}

/** The reference's genres in the other media type's vocabulary. */
function translateGenres(reference: Reference, type: MediaType): number[] {
  if (type === 'tv')
    return reference.genres.flatMap((id) =>
      tvGenresFor(id)
        .filter(([, f]) => f === 1)
        .map(([tv]) => tv),
    );
  const back: Record<number, number[]> = { 10759: [28, 12], 10765: [878, 14], 10768: [10752], 10762: [10751] };
  return reference.genres.flatMap((id) => back[id] ?? [id]);
}

/** The title a request compares to, when the catalogue knows it. */
async function findReference(
  catalogue: CatalogueProvider,
  title: string,
  type: MediaType | null,
): Promise<Reference | null> {
  const found = await catalogue.search({ q: title, page: 1 }).catch(() => null);
  const hits = found?.results ?? [];
  const hit = hits.find((summary) => !type || summary.media_type === type) ?? hits[0];
  if (!hit) return null;
  try {
    const details = hit.media_type === 'movie' ? await catalogue.movie(hit.id) : await catalogue.tv(hit.id);
    const people = details.credits.crew
      .filter((member) => member.job === 'Director' || member.job === 'Creator')
      .map((member) => member.name);
    return { summary: hit, genres: details.genre_ids, people, year: yearOf(hit) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * How much each genre (keyed "type:id") fills the user's recent history, 0..1. Titles that can no
 * longer be found simply do not count.
 */
async function genreAffinity(catalogue: CatalogueProvider, recent: TitleRef[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const details = await Promise.all(
    recent.slice(0, AFFINITY_TITLES).map((ref) =>
      (ref.type === 'movie' ? catalogue.movie(ref.id) : catalogue.tv(ref.id)).then(
        (title) => ({ type: ref.type, genres: title.genre_ids }),
        () => null,
      ),
    ),
  );
  for (const title of details) {
    if (!title) continue;
    for (const id of title.genres) counts.set(refKey(title.type, id), (counts.get(refKey(title.type, id)) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  return new Map([...counts].map(([key, count]) => [key, count / most]));
}

interface ScoreContext {
  intent: MoodIntent;
  weights: Map<number, { weight: number; cue: string }>;
  reference: Reference | null;
  favorites: number[];
  affinity: Map<string, number>;
  type: MediaType;
}

function score(candidate: Candidate, context: ScoreContext): Scored {
  const { intent, weights, reference, favorites, affinity, type } = context;
  const summary = candidate.summary;
  const genres = new Set(summary.genre_ids);
  const names = new Map(genresFor(type).map((genre) => [genre.id, genre.name]));
  let total = 0;
  const reasons: string[] = [];

  // Genres asked for: each genre asked for outright counts fully when the title has it (a series
  // partly, through its catalogue's nearest genre); lighter hints add a little.
  const strong = intent.include.filter((genre) => genre.weight >= 0.9);
  if (strong.length > 0) {
    const covered = strong.map((genre) =>
      Math.max(
        0,
        ...(type === 'movie' ? [[genre.id, 1] as const] : tvGenresFor(genre.id)).map(([id, factor]) =>
          genres.has(id) ? factor : 0,
        ),
      ),
    );
    total += (2.2 * covered.reduce((sum, share) => sum + share, 0)) / strong.length;
  }
  const matched = [...weights.entries()].filter(([id]) => genres.has(id));
  const light = matched.filter(([, genre]) => genre.weight < 0.9).reduce((sum, [, genre]) => sum + genre.weight, 0);
  total += 0.35 * Math.min(light, 1.5);
  // Genres that only the reference title brought are told by its own reason ("shares ... with").
  const askedFor = matched.filter(([, genre]) => !genre.cue.startsWith('like '));
  if (askedFor.length > 0) {
    const genreNames = askedFor
      .sort((a, b) => b[1].weight - a[1].weight)
      .slice(0, 3)
      .map(([id]) => names.get(id))
      .filter((name): name is string => Boolean(name));
    const named = new Set(genreNames.map((name) => name.toLowerCase()));
    // A mood word is worth repeating only when it says more than the genre's name ("scary", not "comedy").
    const cues = [
      ...new Set(
        askedFor
          .filter(([, genre]) => genre.weight >= 0.6)
          .map(([, genre]) => genre.cue)
          .filter((cue) => !named.has(cue) && !named.has(cue.replace(/s$/, ''))),
      ),
    ];
    if (genreNames.length) {
      reasons.push(cues.length ? `${capitalise(joinWords(cues))}: ${joinWords(genreNames)}` : joinWords(genreNames));
    }
  }

  // Overviews name people ("directed by Rob Zombie"): a subject counts there only in lower case.
  const keyword = intent.keywords.find(
    (word) => new RegExp(`\\b${word}`, 'i').test(titleOf(summary)) || new RegExp(`\\b${word}`).test(summary.overview),
  );
  if (keyword) {
    total += 0.5;
    reasons.push(`its story involves ${/^[aeiou]/.test(keyword) ? 'an' : 'a'} ${keyword}`);
  }

  if (reference) {
    const theirs = new Set(reference.summary.media_type === type ? reference.genres : translateGenres(reference, type));
    const shared = [...genres].filter((id) => theirs.has(id));
    const union = new Set([...genres, ...theirs]).size || 1;
    total += 1.6 * (shared.length / union);
    const samePeople = candidate.people.filter((person) => reference.people.includes(person));
    if (samePeople.length) total += 0.6;
    const year = yearOf(summary);
    if (year !== null && reference.year !== null && Math.abs(year - reference.year) <= 8) total += 0.2;
    if (shared.length) {
      const sharedNames = shared
        .slice(0, 3)
        .map((id) => names.get(id))
        .filter((name): name is string => Boolean(name));
      const by = samePeople.length ? `, also by ${samePeople[0]}` : '';
      reasons.push(`shares ${joinWords(sharedNames)} with ${titleOf(reference.summary)}${by}`);
    }
  }

  total += toneFit(intent, genres, weights);

  const rating = trustedRating(summary);
  const popularity = Math.log1p(summary.popularity) / Math.log(301);
  switch (intent.quality) {
    case 'acclaimed':
      total += 1.2 * ((rating - 5) / 5);
      break;
    case 'hidden':
      total += 0.9 * ((rating - 5) / 5) + 0.6 * (1 - Math.min(popularity, 1)) - (summary.vote_average < 6.8 ? 0.8 : 0);
      break;
    case 'popular':
      total += 0.4 * ((rating - 5) / 5) + 0.9 * popularity;
      break;
    default:
      total +=
        (intent.tone === 'slow' || intent.tone === 'cerebral' ? 0.9 : 0.6) * ((rating - 5) / 5) + 0.35 * popularity;
  }

  const favorite = favorites.find(
    (id) => genres.has(id) || (type === 'tv' && tvGenresFor(id).some(([tv, f]) => f === 1 && genres.has(tv))),
  );
  if (favorite !== undefined) total += 0.3;
  const fondness = Math.max(0, ...summary.genre_ids.map((id) => affinity.get(refKey(type, id)) ?? 0));
  total += 0.4 * fondness;

  // The card already shows the year and rating: a reason adds only what the card does not say.
  const facts: string[] = [];
  if (intent.era && eraDistance(summary, intent.era) === 0) facts.push(eraPhrase(intent.era));
  if (intent.quality === 'acclaimed' && rating >= 7.5) facts.push('acclaimed');
  if (intent.quality === 'hidden' && popularity < 0.5) facts.push('lesser known');
  if (favorite !== undefined) {
    const name = genresFor('movie').find((genre) => genre.id === favorite)?.name;
    if (name) facts.push(`you like ${name}`);
  } else if (fondness >= 0.5) facts.push('like what you watch');
  if (reasons.length === 0) reasons.push(genreSummary(summary, names, type));
  const reason = [capitalise(reasons.join('; ')), ...facts].join(' · ');
  return { candidate, score: total, reason };
}

function eraPhrase(era: NonNullable<MoodIntent['era']>): string {
  if (era.label === 'recent' || era.label === 'classic') return era.label;
  if (/^\d{4}s$/.test(era.label)) return `from the ${era.label}`;
  if (/^\d{4}$/.test(era.label)) return `from ${era.label}`;
  return era.label;
}

function genreSummary(summary: TitleSummary, names: Map<number, string>, type: MediaType): string {
  const genreNames = summary.genre_ids
    .slice(0, 2)
    .map((id) => names.get(id))
    .filter((name): name is string => Boolean(name));
  const kind = type === 'movie' ? 'film' : 'series';
  return genreNames.length ? `${joinWords(genreNames)} ${kind}` : `A well-liked ${kind}`;
}

/** How well a title's genres suit the tone asked for; genres asked for outright are never penalised. */
function toneFit(intent: MoodIntent, genres: Set<number>, weights: Map<number, { weight: number }>): number {
  const has = (set: Set<number>) => [...genres].some((id) => set.has(id) && !((weights.get(id)?.weight ?? 0) >= 0.9));
  const hasAny = (set: Set<number>) => [...genres].some((id) => set.has(id));
  switch (intent.tone) {
    case 'light':
      return (hasAny(LIGHT_GENRES) ? 0.3 : 0) - (has(DARK_GENRES) ? 0.7 : 0);
    case 'dark':
      return (hasAny(DARK_GENRES) ? 0.3 : 0) - (has(LIGHT_GENRES) ? 0.7 : 0);
    case 'slow':
      return (hasAny(CALM_GENRES) ? 0.3 : 0) - (has(BUSY_GENRES) ? 0.5 : 0);
    case 'cerebral':
      return (hasAny(CEREBRAL_GENRES) ? 0.3 : 0) - (has(new Set([10751, 16, 10762])) ? 0.5 : 0);
    case 'tense':
      return hasAny(new Set([53, 9648, 80])) ? 0.3 : 0;
    default:
      return 0;
  }
}
