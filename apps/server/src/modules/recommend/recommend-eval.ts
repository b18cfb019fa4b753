import type { MediaType } from '@marquee/core';

/**
 * The mood recommender's evaluation set: requests a person might type, and the genres (movie
 * genre ids; series are judged through their catalogue's nearest genres) that person would
 * expect each of the first ten answers to have. `all` asks for every genre listed instead of
 * any; `era` and `type` must hold too when given.
 */
export interface EvaluationCase {
  q: string;
  genres: number[];
  all?: boolean;
  era?: [from: number | null, to: number | null];
  type?: MediaType;
}

export const EVALUATION_SET: EvaluationCase[] = [
  { q: 'something scary but funny', genres: [27, 35] },
  { q: 'a feel-good 90s comedy', genres: [35], era: [1990, 1999] },
  { q: 'slow mind-bending sci-fi', genres: [878, 9648] },
  { q: 'like The Matrix', genres: [878, 28] },
  { q: 'something like Breaking Bad', genres: [80, 18] },
  { q: 'a binge-worthy crime show', genres: [80], type: 'tv' },
  { q: 'romantic comedy', genres: [10749, 35], all: true },
  { q: 'something for the kids', genres: [10751, 16] },
  { q: 'a dark gritty thriller', genres: [53, 80] },
  { q: 'zombies', genres: [27] },
  { q: 'a classic western', genres: [37], era: [null, 1979] },
  { q: 'anime', genres: [16] },
  { q: 'war movies', genres: [10752, 36], type: 'movie' },
  { q: 'an underrated 80s horror', genres: [27], era: [1980, 1989] },
  { q: 'epic fantasy adventure', genres: [14, 12] },
  { q: 'a heist movie', genres: [80], type: 'movie' },
  { q: 'space opera', genres: [878] },
  { q: 'a tearjerker', genres: [18] },
  { q: 'something to make me laugh', genres: [35] },
  { q: 'edge of my seat suspense', genres: [53] },
  { q: 'a cozy mystery', genres: [9648] },
  { q: 'a documentary', genres: [99] },
  { q: 'a musical', genres: [10402] },
  { q: 'superhero action', genres: [28, 878] },
  { q: 'a smart political drama', genres: [18] },
  { q: 'historical drama based on a true story', genres: [36, 18] },
  { q: 'a korean drama series', genres: [18], type: 'tv' },
  { q: 'an animated movie for the family', genres: [16, 10751], type: 'movie' },
  { q: 'a spy thriller', genres: [53, 28] },
  { q: 'a gangster film from the 70s', genres: [80], era: [1970, 1979] },
  { q: 'something romantic for date night', genres: [10749] },
  { q: 'a creepy ghost story', genres: [27] },
  { q: 'sci-fi series', genres: [878], type: 'tv' },
  { q: 'a quick comedy under 90 minutes', genres: [35] },
  { q: 'a sitcom', genres: [35], type: 'tv' },
  { q: 'a psychological thriller', genres: [53, 18] },
  { q: 'a time travel movie', genres: [878] },
  { q: 'a detective show', genres: [80, 9648], type: 'tv' },
  { q: 'like Toy Story', genres: [16, 10751] },
  { q: 'like Alien', genres: [27, 878] },
  { q: 'a recent action movie', genres: [28], era: [2021, null] },
  { q: 'a family adventure', genres: [10751, 12] },
  { q: 'gritty war drama without romance', genres: [10752, 18] },
  { q: 'a funny show about a workplace', genres: [35], type: 'tv' },
  { q: 'nature documentary', genres: [99] },
  { q: 'a love story set in wartime', genres: [10749, 10752] },
  { q: 'mind-blowing twist ending', genres: [53, 9648] },
  { q: 'feel-good movie about music', genres: [10402, 35] },
  { q: 'an old black and white comedy', genres: [35], era: [null, 1979] },
  { q: 'dragons and magic', genres: [14] },
];
