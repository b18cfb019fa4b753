import { describe, expect, it } from 'vitest';
import { avatarInitials } from './avatar.ts';

describe('avatarInitials (product.md §5)', () => {
  it.each([
    ['neo', 'x@y.z', 'NE'],
    ['  trinity ', null, 'TR'],
    ['n', 'jane.doe@example.com', 'JD'],
    [null, 'jane_mary-doe@example.com', 'JM'],
    [undefined, 'mary-ann@example.com', 'MA'],
    [null, 'jo@example.com', 'JO'],
    [null, 'j@example.com', 'JX'],
    [null, '.j@example.com', 'JX'],
    [null, 'joe', 'JO'],
    [null, '@example.com', 'US'],
    ['', '', 'US'],
    [null, null, 'US'],
    ['straße', null, 'ST'],
    ['ßa', null, 'SA'],
    ['😀😃x', null, '😀😃'],
  ])('username %o and email %o give %s', (username, email, initials) => {
    expect(avatarInitials(username, email)).toBe(initials);
  });
});
