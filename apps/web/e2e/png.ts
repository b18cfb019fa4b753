import { inflateSync } from 'node:zlib';

/** A decoded image: RGB or RGBA (`channels` bytes a pixel), rows from the top. */
export interface Pixels {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes a pixel by PNG colour type: 2 is RGB, 6 is RGBA (what Chromium's screenshots are). */
const CHANNELS: Record<number, 3 | 4> = { 2: 3, 6: 4 };

/**
 * Decodes a PNG of 8-bit RGB or RGBA without interlacing, as Chromium captures the screen: the
 * pixels come to the tests' process instead of going back to the page to be decoded there.
 */
export function decodePng(png: Buffer): Pixels {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels: 3 | 4 | 0 = 0;
  const compressed: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = CHANNELS[colourType!] ?? 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
      }
    } else if (type === 'IDAT') compressed.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (channels === 0) throw new Error('a PNG without a header');
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    const above = out - stride;
    // Each filter in its own loop: a screen is four million bytes.
    if (filter === 0 || (filter === 2 && y === 0)) rows.set(line, out);
    else if (filter === 1 || (filter === 4 && y === 0)) {
      for (let x = 0; x < stride; x++)
        rows[out + x] = (line[x]! + (x >= channels ? rows[out + x - channels]! : 0)) & 0xff;
    } else if (filter === 2) {
      for (let x = 0; x < stride; x++) rows[out + x] = (line[x]! + rows[above + x]!) & 0xff;
    } else if (filter === 3) {
      for (let x = 0; x < stride; x++) {
        const left = x >= channels ? rows[out + x - channels]! : 0;
        const up = y > 0 ? rows[above + x]! : 0;
        rows[out + x] = (line[x]! + ((left + up) >> 1)) & 0xff;
      }
    } else if (filter === 4) {
      for (let x = 0; x < stride; x++) {
        const left = x >= channels ? rows[out + x - channels]! : 0;
        const up = rows[above + x]!;
        const upLeft = x >= channels ? rows[above + x - channels]! : 0;
        const estimate = left + up - upLeft;
        const toLeft = Math.abs(estimate - left);
        const toUp = Math.abs(estimate - up);
        const toUpLeft = Math.abs(estimate - upLeft);
        const predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
        rows[out + x] = (line[x]! + predictor) & 0xff;
      }
    } else throw new Error(`unknown PNG filter ${filter} on row ${y}`);
  }
  // As they come: Chromium's are RGB, and widening them to RGBA took longer than the rest.
  return { width, height, channels, data: rows };
}
