import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportAnswer } from '@marquee/core/imports/import-answer';
import { ImportError, uploadImport, type ImportProgress } from './upload-import.ts';

/** The XMLHttpRequest the upload makes, driven by the test: bytes sent, answer text as it arrives. */
class FakeRequest {
  static made: FakeRequest[] = [];
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;

  constructor() {
    FakeRequest.made.push(this);
  }
  open(method: string, url: string) {
    this.headers[':request'] = `${method} ${url}`;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }

  sending(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  /** More of the answer: a chunk as the network gives it, lines cut anywhere. */
  receiving(text: string, status = 200) {
    this.status = status;
    this.responseText += text;
    this.onprogress?.();
  }
  done() {
    this.onload?.();
  }
}

const answer: ImportAnswer = {
  source: 'letterboxd',
  operations: [],
  report: { rows: 3, matched: 3, ambiguous: [], unmatched: [], files: ['diary.csv'] },
};

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

function start(file = new File(['Date,Name,Year\n'], 'diary.csv')) {
  const progress: ImportProgress[] = [];
  const result = uploadImport('letterboxd', file, (step) => progress.push(step));
  return { progress, result, request: FakeRequest.made.at(-1)! };
}

beforeEach(() => {
  FakeRequest.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadImport', () => {
  it('reports the bytes sent, then each line of the matching as it arrives, and answers the result', async () => {
    const { progress, result, request } = start();
    expect(request.headers.accept).toBe('application/x-ndjson');
    expect(request.sent?.get('source')).toBe('letterboxd');
    request.sending(10, 40);
    request.sending(40, 40);
    const first = line({ type: 'progress', phase: 'matching', done: 0, total: 0, rows: 3 });
    const second = line({ type: 'progress', phase: 'matching', done: 2, total: 3, rows: 3 });
    // The second line arrives in two pieces: its first half is not read until its end comes.
    request.receiving(first + second.slice(0, 9));
    expect(progress.at(-1)).toEqual({ phase: 'matching', done: 0, total: 0, rows: 3 });
    const seen = progress.length;
    request.receiving('');
    expect(progress).toHaveLength(seen);
    request.receiving(second.slice(9));
    request.receiving(line({ type: 'result', answer }));
    request.done();
    await expect(result).resolves.toEqual(answer);
    expect(progress).toEqual([
      { phase: 'uploading', sent: 10, total: 40 },
      { phase: 'uploading', sent: 40, total: 40 },
      { phase: 'matching', done: 0, total: 0, rows: 3 },
      { phase: 'matching', done: 2, total: 3, rows: 3 },
    ]);
  });

  it('reads a last line that has no line break after it', async () => {
    const { result, request } = start();
    request.receiving(JSON.stringify({ type: 'result', answer }));
    request.done();
    await expect(result).resolves.toEqual(answer);
  });

  it('fails with the server’s words when the matching fails after the answer began', async () => {
    const { result, request } = start();
    request.receiving(line({ type: 'progress', phase: 'matching', done: 0, total: 0, rows: 3 }));
    request.receiving(line({ type: 'error', error: { code: 'unavailable', message: 'The catalogue is unavailable' } }));
    request.done();
    await expect(result).rejects.toEqual(new ImportError('The catalogue is unavailable', 200));
  });

  it('fails with the API’s message when the file is refused', async () => {
    const { result, request } = start();
    request.receiving(
      JSON.stringify({ error: { code: 'invalid_input', message: 'diary.csv is not a Letterboxd export file' } }),
      400,
    );
    request.done();
    const failure = await result.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportError);
    expect(failure).toMatchObject({ message: 'diary.csv is not a Letterboxd export file', status: 400 });
  });

  it('fails with the general message when an answer ends without its result', async () => {
    const { result, request } = start();
    request.receiving(line({ type: 'progress', phase: 'matching', done: 1, total: 3, rows: 3 }));
    request.done();
    await expect(result).rejects.toThrow('The import failed. Please check your connection and try again.');
  });

  it('refuses a file larger than the server takes without sending it, in the server’s words', async () => {
    const large = new File([new Uint8Array(32 * 1024 * 1024 + 1)], 'trakt.zip');
    const { result } = start(large);
    await expect(result).rejects.toThrow('The file is larger than 32 MB, the most an import takes');
    expect(FakeRequest.made).toHaveLength(0);
  });
});
