/**
 * The two letters shown in place of an avatar picture (product.md §5, §9), upper-cased:
 * - the first 2 characters of the username, if it has at least 2;
 * - else the first letters of the first two parts of the e-mail's local part split on `.`, `_`
 *   or `-` ("jane.doe@…" → "JD");
 * - else the first 2 letters of the local part, padded with X ("j@…" → "JX");
 * - else "US".
 */
export function avatarInitials(username?: string | null, email?: string | null): string {
  // Code points, not UTF-16 units, so a name starting with an emoji or a rare script is not cut in half.
  const name = [...(username?.trim() ?? '')];
  if (name.length >= 2) return initials(name[0], name[1]);

  const local = (email ?? '').split('@')[0]?.trim() ?? '';
  const parts = local.split(/[._-]/).filter((part) => part !== '');
  const [first, second] = parts;
  if (first && second) return initials([...first][0], [...second][0]);

  const letters = [...parts.join('')];
  if (letters.length > 0) return initials(letters[0], letters[1] ?? 'X');
  return 'US';
}

/** Upper-cases letter by letter: "ß" becomes "S", not "SS", so the result stays two letters. */
function initials(...letters: (string | undefined)[]): string {
  return letters.map((letter) => [...(letter ?? '').toUpperCase()][0] ?? '').join('');
}
