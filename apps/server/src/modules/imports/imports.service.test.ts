import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipFiles } from '../../../test/fixtures/imports/import-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { createLocalCatalogue } from '../../catalogue/local/local-catalogue.ts';
import {
  findLocalTitlesById,
  findLocalTitlesByText,
  searchLocalTitlesForImport,
  searchLocalTitlesForImportMany,
} from './imports.repository.ts';
import { matchImport, readImport, type ImportDeps } from './imports.service.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ catalogue: true });
});
afterAll(() => database.destroy());

interface DiaryRow {
  name: string;
  year: number;
  watched: string;
  rating?: string;
}

const diaryRow = ({ name, year, watched, rating = '' }: DiaryRow) =>
  `${watched},${name},${year},https://boxd.it/${name.length},${rating},,,${watched}`;

/** A Letterboxd diary as a long one reads: the same films again and again, typos and all. */
function repeatedDiary(): string {
  const films: Array<Omit<DiaryRow, 'watched'>> = [
    { name: 'The Matrix', year: 1999, rating: '4.5' },
    { name: 'Gladaitor', year: 2000 },
    { name: 'Alien', year: 1979, rating: '5' },
    { name: 'A Film Not In The Catalogue', year: 2001 },
    { name: 'Memento', year: 2000 },
  ];
  const rows: string[] = [];
  // 30 rows: the films in turn, so each comes back six times between the others.
  for (let index = 0; index < 30; index++) {
    const film = films[index % films.length]!;
    const watched = `20${String(10 + (index % 14)).padStart(2, '0')}-0${1 + (index % 9)}-1${index % 10}`;
    rows.push(diaryRow({ ...film, watched }));
  }
  return ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date', ...rows].join('\n');
}

/** The import's lookups, counted: names given to the exact-title lookup and to the search. */
function countingDeps(batched: boolean) {
  const db = database.db;
  const calls = { exact: [] as string[][], searched: [] as string[], batches: 0 };
  const deps: ImportDeps = {
    catalogue: createLocalCatalogue(db),
    local: {
      byText: (texts) => {
        calls.exact.push(texts);
        return findLocalTitlesByText(db, texts);
      },
      search: (q) => {
        calls.searched.push(q);
        return searchLocalTitlesForImport(db, q);
      },
      ...(batched
        ? {
            searchMany: (qs: string[]) => {
              calls.batches++;
              calls.searched.push(...qs);
              return searchLocalTitlesForImportMany(db, qs);
            },
          }
        : {}),
      byId: (refs) => findLocalTitlesById(db, refs),
    },
    now: () => new Date('2026-11-01T12:00:00Z'),
  };
  return { deps, calls };
}

async function importDiary(deps: ImportDeps) {
  const zip = zipFiles({ 'diary.csv': repeatedDiary() });
  async function* upload() {
    yield new Uint8Array(zip);
  }
  const collector = await readImport('letterboxd', upload(), 'letterboxd.zip', deps);
  return matchImport('letterboxd', collector, deps);
}

describe('matching a diary that names the same films many times', () => {
  it('looks each name up once, the names missing an exact title searched in one batch', async () => {
    const { deps, calls } = countingDeps(true);
    const answer = await importDiary(deps);

    expect(calls.exact).toHaveLength(1);
    expect([...calls.exact[0]!].sort()).toEqual(
      ['a film not in the catalogue', 'alien', 'gladaitor', 'memento', 'the matrix'].sort(),
    );
    // Exact titles need no search; the typo and the missing film are searched once each, together.
    expect(calls.searched.sort()).toEqual(['A Film Not In The Catalogue 2001', 'Gladaitor 2000']);
    expect(calls.batches).toBe(1);

    expect(answer.report.rows).toBe(30);
    expect(answer.report.matched).toBe(24);
    expect(answer.report.unmatched).toEqual([
      expect.objectContaining({ title: 'A Film Not In The Catalogue', year: 2001, rows: 6 }),
    ]);
    // One history entry per film, with its plays.
    const history = answer.operations.flatMap((operation) =>
      operation.op === 'upsert' && operation.store === 'history' ? [operation.item] : [],
    );
    expect(history.map((item) => `${item.movie_title} ×${item.play_count}`).sort()).toEqual([
      'Alien ×6',
      'Gladiator ×6',
      'Memento ×6',
      'The Matrix ×6',
    ]);
  });

  it('answers exactly what searching the names one by one answers', async () => {
    const batched = await importDiary(countingDeps(true).deps);
    const { deps, calls } = countingDeps(false);
    const oneByOne = await importDiary(deps);

    expect(calls.searched.sort()).toEqual(['A Film Not In The Catalogue 2001', 'Gladaitor 2000']);
    expect(batched).toEqual(oneByOne);
  });
});
