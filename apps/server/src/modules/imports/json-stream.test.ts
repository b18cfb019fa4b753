import { describe, expect, it } from 'vitest';
import { JsonStreamReader } from './json-stream.ts';

interface Read {
  items: Array<[string | null, number, unknown]>;
  members: Array<[string, unknown]>;
}

function readAll(text: string, expect: 'list' | 'object', size = text.length, maxItemChars?: number): Read {
  const read: Read = { items: [], members: [] };
  const reader = new JsonStreamReader(
    'watched-history.json',
    expect,
    {
      onItem: (list, index, item) => read.items.push([list, index, item]),
      onMember: (key, value) => read.members.push([key, value]),
      onList: (key) => read.members.push([key, 'list']),
    },
    maxItemChars,
  );
  for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
  reader.end();
  return read;
}

const tricky = [
  { type: 'movie', title: 'Brackets ] } [ { and "quotes", a \\ backslash', ids: { tmdb: 603, imdb: null } },
  { nested: [[1, 2], { a: [] }], unicode: 'Amélie \u2014 \ud83c\udfac', empty: '' },
  'a string item',
  -12.5e3,
  true,
  null,
  [],
  {},
];

describe('JsonStreamReader', () => {
  it('hands on each item of a list as JSON.parse reads it, whatever the chunks the text arrives in', () => {
    const text = ` \n${JSON.stringify(tricky, null, 2)}\n`;
    for (let size = 1; size <= 40; size++) {
      const { items } = readAll(text, 'list', size);
      expect(
        items.map(([, , item]) => item),
        `chunks of ${size}`,
      ).toEqual(tricky);
      expect(items.map(([list, index]) => [list, index])).toEqual(tricky.map((_, index) => [null, index]));
    }
    expect(readAll('[]', 'list').items).toEqual([]);
  });

  it('reads an object’s lists item by item and its other members whole (a Marquee export)', () => {
    const text = JSON.stringify({
      format: 'marquee-export',
      version: 1,
      settings: { gridColumns: 6, nested: { list: [1] } },
      history: [{ movie_id: 1 }, { movie_id: 2 }],
      watch_later: [],
      ratings: [{ movie_id: 1, rating: 8 }],
      exported_at: '2026-11-01T10:00:00.000Z',
    });
    for (const size of [1, 3, 17, text.length]) {
      const read = readAll(text, 'object', size);
      expect(read.items).toEqual([
        ['history', 0, { movie_id: 1 }],
        ['history', 1, { movie_id: 2 }],
        ['ratings', 0, { movie_id: 1, rating: 8 }],
      ]);
      expect(read.members).toEqual([
        ['format', 'marquee-export'],
        ['version', 1],
        ['settings', { gridColumns: 6, nested: { list: [1] } }],
        ['history', 'list'],
        ['watch_later', 'list'],
        ['ratings', 'list'],
        ['exported_at', '2026-11-01T10:00:00.000Z'],
      ]);
    }
  });

  it('refuses a file cut off, naming where it ends', () => {
    const text = JSON.stringify([{ a: 1 }, { b: 'two' }]);
    expect(() => readAll(text.slice(0, 14), 'list')).toThrow(
      'watched-history.json is cut off: the JSON ends inside item 2 (line 1, character 14)',
    );
    expect(() => readAll(text.slice(0, -1), 'list')).toThrow(
      'watched-history.json is cut off: the JSON ends inside the list (line 1, character 20)',
    );
    expect(() => readAll('{"history": [{"a": 1}', 'object')).toThrow(
      'watched-history.json is cut off: the JSON ends inside the list of "history" (line 1, character 21)',
    );
    expect(() => readAll('{"history": [], "settings": {"a"', 'object')).toThrow(
      'watched-history.json is cut off: the JSON ends inside a value (line 1, character 32)',
    );
    expect(() => readAll('', 'list')).toThrow('watched-history.json is empty: it holds no JSON');
  });

  it('refuses invalid JSON, naming the line, column and character', () => {
    expect(() => readAll('[{"a": 1},\n {"b": 2} {"c": 3}]', 'list')).toThrow(
      'watched-history.json is not valid JSON: "{" at line 2, column 11 (character 22) where "," or "]" after an item was expected',
    );
    expect(() => readAll('[{"a": 1},\n {"b": }]', 'list')).toThrow(
      /^watched-history\.json is not valid JSON: item 2 \(from line 2, column 2\) is broken near (character 18|line 2)$/,
    );
    expect(() => readAll('[1] 2', 'list')).toThrow(
      'watched-history.json is not valid JSON: "2" at line 1, column 5 (character 5) where nothing after the end of the JSON was expected',
    );
    expect(() => readAll('{"history": [], x', 'object')).toThrow(
      'watched-history.json is not valid JSON: "x" at line 1, column 17 (character 17) where a key in quotes was expected',
    );
    expect(() => readAll('{}', 'list')).toThrow('watched-history.json is not an export file: it holds no list');
  });

  it('holds one item at a time: a huge list streams, and an item over the limit is refused', () => {
    const item = JSON.stringify({ type: 'movie', movie: { title: 'The Matrix', year: 1999 }, at: '2021-05-01' });
    const reader = new JsonStreamReader('watched-history.json', 'list', { onItem: () => count++ }, 1024);
    let count = 0;
    let mostHeld = 0;
    reader.push('[');
    // 200,000 items, about 16 MB, pushed in pieces that cut items anywhere.
    const chunk = Array.from({ length: 4000 }, () => item).join(',');
    for (let part = 0; part < 50; part++) {
      const text = part === 0 ? chunk : `,${chunk}`;
      for (let at = 0; at < text.length; at += 9_999) {
        reader.push(text.slice(at, at + 9_999));
        mostHeld = Math.max(mostHeld, reader.heldChars);
      }
      // Handed on as they came, not at the end.
      expect(count).toBe(4000 * (part + 1));
    }
    reader.push(']');
    reader.end();
    expect(count).toBe(200_000);
    expect(mostHeld).toBeGreaterThan(0);
    expect(mostHeld).toBeLessThan(item.length);

    const long = JSON.stringify([{ title: 'x'.repeat(2000) }]);
    expect(() => readAll(long, 'list', 100, 1024)).toThrow(
      'watched-history.json: the item from line 1, column 2 is longer than 1 KB; no export’s items are',
    );
  });
});
