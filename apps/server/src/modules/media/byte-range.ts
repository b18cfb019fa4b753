/** An inclusive byte range of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header (RFC 9110 §14.1) for a file of `size` bytes:
 * - `null`: no usable single range, serve the whole file (absent, not `bytes=`, malformed, or
 *   several ranges — a server may ignore Range, and browsers' media elements never ask for several);
 * - `'unsatisfiable'`: 416 (every range starts past the end, or the file is empty);
 * - a range, clamped to the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(.+)$/i.exec(header.trim());
  if (!match) return null;
  const specs = match[1]!.split(',').map((spec) => spec.trim());
  if (specs.length !== 1) return null;
  const parts = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!parts || (parts[1] === '' && parts[2] === '')) return null;
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(parts[1]);
  // A last position before the first makes the range invalid (ignored); an open one runs to the end.
  if (parts[2] !== '' && Number(parts[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1) };
}
