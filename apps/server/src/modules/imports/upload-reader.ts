import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import {
  describeImportBytes,
  importTooLargeMessage,
  MAX_IMPORT_UPLOAD_BYTES,
} from '@marquee/core/imports/import-answer';
import { AppError } from '../../plugins/errors.ts';

/** What one import may cost the server: the upload, and what its ZIP unpacks to. */
export interface ImportLimits {
  /** Bytes of the uploaded file (413 past it). */
  maxUploadBytes: number;
  /** Entries of a ZIP, folders included: a ZIP of a million empty files is refused early. */
  maxEntries: number;
  /** Bytes all the entries read unpack to together (a ZIP bomb is refused here). */
  maxUnpackedBytes: number;
  /** Bytes one entry unpacks to. */
  maxEntryBytes: number;
  /** Data rows of all files together. */
  maxRows: number;
}

const MiB = 1024 * 1024;

/**
 * The default limits. Exports are small: a Letterboxd export of 10,000 diary entries is about 1 MB
 * unpacked; a Trakt export of a decade of plays a few tens of MB unpacked, a tenth of that zipped.
 */
export const IMPORT_LIMITS: ImportLimits = {
  maxUploadBytes: MAX_IMPORT_UPLOAD_BYTES,
  maxEntries: 5000,
  maxUnpackedBytes: 256 * MiB,
  maxEntryBytes: 64 * MiB,
  maxRows: 200_000,
};

export const describeBytes = describeImportBytes;

/** Receives one file's bytes as they are unpacked. */
export interface EntrySink {
  write(chunk: Uint8Array): void;
  end(): void;
}

/**
 * A file name (a ZIP entry's path, or the upload's own name when it is no ZIP) → where its bytes
 * go, or null to skip it.
 */
export type EntryRouter = (name: string, isZipEntry: boolean) => EntrySink | null;

export interface UploadSummary {
  isZip: boolean;
  /** Every entry of a ZIP (folders left out), or the upload's name. */
  entries: string[];
  bytes: number;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/**
 * Reads an upload as it arrives, never whole: a ZIP entry by entry (only the entries `route` wants
 * are unpacked, each as a stream), any other file as one entry named `fileName`. Every limit is
 * checked while reading, so a ZIP bomb stops at the limit and a 1 GB upload at 32 MB.
 */
export async function readUpload(
  source: AsyncIterable<Uint8Array>,
  fileName: string,
  route: EntryRouter,
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<UploadSummary> {
  let bytes = 0;
  let head: Uint8Array = new Uint8Array(0);
  let reader: ChunkReader | null = null;
  for await (const chunk of source) {
    bytes += chunk.byteLength;
    if (bytes > limits.maxUploadBytes) {
      throw new AppError('payload_too_large', importTooLargeMessage(limits.maxUploadBytes));
    }
    if (!reader) {
      head = concat(head, chunk);
      if (head.byteLength < 4) continue;
      reader =
        startsWith(head, ZIP_MAGIC) || startsWith(head, EMPTY_ZIP_MAGIC)
          ? zipReader(route, limits)
          : plainReader(fileName, route, limits);
      reader.push(head);
      continue;
    }
    reader.push(chunk);
  }
  if (bytes === 0) throw new AppError('invalid_input', 'The file is empty');
  if (!reader) {
    // Fewer than four bytes: no ZIP, whatever they are.
    reader = plainReader(fileName, route, limits);
    reader.push(head);
  }
  reader.end();
  return { isZip: reader.isZip, entries: reader.entries(), bytes };
}

interface ChunkReader {
  isZip: boolean;
  push(chunk: Uint8Array): void;
  end(): void;
  entries(): string[];
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

function plainReader(fileName: string, route: EntryRouter, limits: ImportLimits): ChunkReader {
  if (fileName.toLowerCase().endsWith('.zip')) {
    throw new AppError('invalid_input', `${fileName} is not a ZIP file: it may be damaged or cut off`);
  }
  const sink = route(fileName, false);
  if (!sink) throw new AppError('invalid_input', `${fileName} is not a file this import reads`);
  let size = 0;
  return {
    isZip: false,
    push(chunk) {
      size += chunk.byteLength;
      if (size > limits.maxEntryBytes) {
        throw new AppError('payload_too_large', `${fileName} is larger than ${describeBytes(limits.maxEntryBytes)}`);
      }
      sink.write(chunk);
    },
    end: () => sink.end(),
    entries: () => [fileName],
  };
}

/** Bytes handed to the unzipper at once: it recurses once per entry a push holds (a ZIP of 5,000 tiny files overflowed the stack). */
const ZIP_SLICE = 16 * 1024;
/** The end-of-central-directory record (22 bytes and a comment of up to 64 KB) is within this many bytes of the end. */
const ZIP_TAIL = 22 + 0xffff;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

function hasEndRecord(tail: Uint8Array): boolean {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  for (let at = tail.byteLength - 22; at >= 0; at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return true;
  }
  return false;
}

function zipReader(route: EntryRouter, limits: ImportLimits): ChunkReader {
  const names: string[] = [];
  let entryCount = 0;
  let unpacked = 0;
  let tail: Uint8Array = new Uint8Array(0);
  // The first refusal, kept as it is: the unzipper may report an error thrown in a callback as its own.
  let failure: AppError | null = null;
  const fail = (error: AppError): never => {
    failure ??= error;
    throw failure;
  };
  const open = new Set<string>();
  const unzip = new Unzip((file: UnzipFile) => {
    entryCount++;
    if (entryCount > limits.maxEntries) {
      fail(new AppError('payload_too_large', `The ZIP file holds more than ${limits.maxEntries} files`));
    }
    if (file.name.endsWith('/')) return;
    names.push(file.name);
    const sink = route(file.name, true);
    if (!sink) {
      // Not read: its bytes are skipped, never unpacked.
      file.ondata = () => {};
      return;
    }
    if (file.originalSize !== undefined && file.originalSize > limits.maxEntryBytes) fail(tooLarge(file.name, limits));
    open.add(file.name);
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (error) fail(failure ?? damaged(error));
      size += chunk.byteLength;
      unpacked += chunk.byteLength;
      if (size > limits.maxEntryBytes) fail(tooLarge(file.name, limits));
      if (unpacked > limits.maxUnpackedBytes) {
        fail(
          new AppError(
            'payload_too_large',
            `The ZIP file unpacks to more than ${describeBytes(limits.maxUnpackedBytes)}; an export is far smaller`,
          ),
        );
      }
      try {
        if (chunk.byteLength > 0) sink.write(chunk);
        if (final) {
          open.delete(file.name);
          sink.end();
        }
      } catch (refusal) {
        // A reader's refusal (a bad header, a row too long) is the answer, not damage of the ZIP.
        if (refusal instanceof AppError) fail(refusal);
        throw refusal;
      }
    };
    try {
      file.start();
    } catch (error) {
      fail(
        error instanceof AppError
          ? error
          : new AppError('invalid_input', `${file.name} in the ZIP file is packed in a way Marquee cannot read`),
      );
    }
  });
  unzip.register(UnzipInflate);
  const guarded = (run: () => void) => {
    try {
      run();
    } catch (error) {
      throw failure ?? (error instanceof AppError ? error : damaged(error));
    }
    if (failure) throw failure;
  };
  return {
    isZip: true,
    push(chunk) {
      tail = concat(tail, chunk);
      if (tail.byteLength > 2 * ZIP_TAIL) tail = tail.slice(tail.byteLength - ZIP_TAIL);
      for (let at = 0; at < chunk.byteLength; at += ZIP_SLICE) {
        const slice = chunk.subarray(at, at + ZIP_SLICE);
        guarded(() => unzip.push(slice));
      }
    },
    end() {
      guarded(() => unzip.push(new Uint8Array(0), true));
      const [cut] = open;
      if (cut !== undefined) throw new AppError('invalid_input', `The ZIP file is cut off: ${cut} is incomplete`);
      // A ZIP ends with its table of contents: without it, the file was cut short.
      if (!hasEndRecord(tail)) throw new AppError('invalid_input', 'The ZIP file is cut off: its end is missing');
      if (entryCount === 0) throw new AppError('invalid_input', 'The ZIP file holds no files');
    },
    entries: () => names,
  };
}

function tooLarge(name: string, limits: ImportLimits): AppError {
  return new AppError('payload_too_large', `${name} unpacks to more than ${describeBytes(limits.maxEntryBytes)}`);
}

function damaged(error: unknown): AppError {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new AppError('invalid_input', `The ZIP file is damaged${detail}`);
}

/** Decodes an entry's bytes as UTF-8 text, chunk by chunk (a BOM is dropped). */
export function textSink(onText: (text: string) => void, onEnd: () => void): EntrySink {
  const decoder = new TextDecoder('utf-8');
  return {
    write: (chunk) => onText(decoder.decode(chunk, { stream: true })),
    end() {
      const rest = decoder.decode();
      if (rest) onText(rest);
      onEnd();
    },
  };
}
