import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleOf, yearOf, type TitleSummary } from '@marquee/core';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { CatalogueProvider } from '../provider.ts';
import { createLocalCatalogue } from './local-catalogue.ts';
import { HELD_OUT_QUERIES } from './search-eval/held-out-queries.ts';
import { TUNING_QUERIES } from './search-eval/tuning-queries.ts';
import type { TypoKind, TypoQuery } from './search-eval/typo-queries.ts';
import { seededRandom } from '@marquee/core/seeded-random';

const label = (item: TitleSummary) => `${titleOf(item)} (${yearOf(item)})`;

describe('misspelt queries of well-known titles', () => {
  let database: TestDatabase;
  let catalogue: CatalogueProvider;
  let labels: Set<string>;

  beforeAll(async () => {
    database = await createTestDatabase({ catalogue: true });
    catalogue = createLocalCatalogue(database.db);
    const rows = await database.rows<{ label: string }>(
      // The same label as titleOf/yearOf give a summary.
      sql`select title || ' (' || coalesce(extract(year from release_date)::int::text, '') || ')' as label from titles`,
    );
    labels = new Set(rows.map((row) => row.label));
  });
  afterAll(() => database.destroy());

  /** Misses are listed for the tuning queries only: the held-out ones must not steer the tuning. */
  async function evaluate(queries: readonly TypoQuery[], listMisses: boolean) {
    const misses: string[] = [];
    const byKind = new Map<TypoKind, { hits: number; total: number }>();
    for (const query of queries) {
      const { results } = await catalogue.search({ q: query.q, page: 1 });
      const top = results.slice(0, 3).map(label);
      const hit = query.want.some((want) => top.includes(want));
      const kind = byKind.get(query.kind) ?? { hits: 0, total: 0 };
      byKind.set(query.kind, { hits: kind.hits + (hit ? 1 : 0), total: kind.total + 1 });
      if (!hit) misses.push(`${query.kind}: "${query.q}" → ${top.join(' | ') || 'nothing'} (wanted ${query.want[0]})`);
    }
    const rate = (queries.length - misses.length) / queries.length;
    const kinds = [...byKind].map(([kind, { hits, total }]) => `${kind} ${hits}/${total}`).join(', ');
    console.info(
      `top-3 ${(rate * 100).toFixed(1)} % (${kinds})${listMisses ? misses.map((miss) => `\n  ${miss}`).join('') : ''}`,
    );
    return { rate, misses };
  }

  it('wants only titles the catalogue has', () => {
    const unknown = [...TUNING_QUERIES, ...HELD_OUT_QUERIES].filter(
      (query) => !query.want.some((want) => labels.has(want)),
    );
    expect(unknown.map((query) => `${query.q}: ${query.want.join(' / ')}`)).toEqual([]);
  });

  it('finds what was meant in the first three for at least 98 % of the held-out queries', async () => {
    expect(HELD_OUT_QUERIES.length).toBeGreaterThanOrEqual(100);
    const { rate } = await evaluate(HELD_OUT_QUERIES, false);
    expect(rate).toBeGreaterThanOrEqual(0.98);
  });

  it('finds what was meant in the first three for at least 98 % of the tuning queries', async () => {
    const { rate } = await evaluate(TUNING_QUERIES, true);
    expect(rate).toBeGreaterThanOrEqual(0.98);
  });

  it('never answers nothing when a title lies within two edits of the query', async () => {
    const texts = await database.rows<{ text: string }>(sql`select search_title as text from search_texts order by 1`);
    const random = seededRandom(28);
    const empty: string[] = [];
    for (let sample = 0; sample < 400; sample++) {
      const { text } = texts[Math.floor(random() * texts.length)]!;
      const query = withEdits(text, 1 + Math.floor(random() * 2), random);
      if (query.trim() === '') continue;
      const found = await catalogue.search({ q: query, page: 1 });
      if (found.total_results === 0) empty.push(`"${query}" (${text})`);
    }
    expect(empty).toEqual([]);
  }, 60_000);
});

/** `text` with `count` edits: a letter or space put in, left out, replaced, or two swapped. */
function withEdits(text: string, count: number, random: () => number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz ';
  const characters = [...text];
  for (let edit = 0; edit < count; edit++) {
    const at = Math.floor(random() * (characters.length + 1));
    const letter = alphabet[Math.floor(random() * alphabet.length)]!;
    const kind = Math.floor(random() * 4);
    if (kind === 0 || characters.length < 2) characters.splice(at, 0, letter);
    else if (kind === 1) characters.splice(Math.min(at, characters.length - 1), 1);
    else if (kind === 2) characters[Math.min(at, characters.length - 1)] = letter;
    else {
      const first = Math.min(at, characters.length - 2);
      [characters[first], characters[first + 1]] = [characters[first + 1]!, characters[first]!];
    }
  }
  return characters.join('');
}
