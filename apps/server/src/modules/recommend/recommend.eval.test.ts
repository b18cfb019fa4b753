import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tvGenresFor, type Recommendation } from '@marquee/core';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { createLocalCatalogue } from '../../catalogue/local/local-catalogue.ts';
import { EVALUATION_SET, type EvaluationCase } from './recommend-eval.ts';
import { recommend } from './recommend.service.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
/** The share of first-ten answers that must have the genres a person expects. */
const TARGET = 0.9;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ catalogue: true });
});
afterAll(() => database.destroy());

function meets(item: Recommendation, expected: EvaluationCase): boolean {
  const wanted = expected.genres.map((id) => (item.media_type === 'movie' ? [id] : tvGenresFor(id).map(([tv]) => tv)));
  const has = (ids: number[]) => ids.some((id) => item.genre_ids.includes(id));
  const date = item.release_date ?? item.first_air_date;
  const year = date ? Number(date.slice(0, 4)) : null;
  const [from, to] = expected.era ?? [null, null];
  return (
    (expected.all ? wanted.every(has) : wanted.some(has)) &&
    (!expected.era || (year !== null && (from === null || year >= from) && (to === null || year <= to))) &&
    (!expected.type || item.media_type === expected.type)
  );
}

describe('the mood recommender on its evaluation set', () => {
  it(`gives the expected genres in at least ${TARGET * 100} % of the first ten answers`, async () => {
    const catalogue = createLocalCatalogue(database.db);
    const rows: string[] = [];
    let matching = 0;
    for (const expected of EVALUATION_SET) {
      const answer = await recommend(catalogue, {
        query: expected.q,
        watched: [],
        personalize: false,
        favoriteGenres: [],
        recent: [],
        now: NOW,
      });
      // Fewer than ten answers count as misses.
      const hits = answer.results.slice(0, 10).filter((item) => meets(item, expected)).length;
      matching += hits;
      rows.push(`${String(hits).padStart(2)}/10  ${expected.q}`);
    }
    const share = matching / (EVALUATION_SET.length * 10);
    console.info(
      `Mood recommender evaluation: ${EVALUATION_SET.length} requests, ${(share * 100).toFixed(1)} % of the first ten answers match\n${rows.join('\n')}`,
    );
    expect(EVALUATION_SET.length).toBeGreaterThanOrEqual(40);
    expect(share).toBeGreaterThanOrEqual(TARGET);
  });
});
