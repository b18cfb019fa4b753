/**
 * A value made on first use and then kept. For objects costly to make that a module would
 * otherwise make as it loads, whether or not the page needs them: an Intl formatter loads its
 * locale data, and the first RelativeTimeFormat took a phone-class CPU over 100 ms.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
