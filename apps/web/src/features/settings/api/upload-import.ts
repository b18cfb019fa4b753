import {
  importTooLargeMessage,
  MAX_IMPORT_UPLOAD_BYTES,
  type ImportAnswer,
  type ImportProgressLine,
  type ImportSource,
} from '@marquee/core/imports/import-answer';

/** Where an import stands while its file goes up and its titles are matched. */
export type ImportProgress =
  | { phase: 'uploading'; sent: number; total: number }
  | { phase: 'matching'; done: number; total: number; rows: number };

export class ImportError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

const FAILED = 'The import failed. Please check your connection and try again.';

/**
 * `POST /api/imports` (DESIGN.md "HTTP API contract"): the file goes up as multipart form data
 * through XMLHttpRequest, whose upload events give the bytes sent (fetch has none); the answer
 * streams the matching's progress as lines of JSON, read as they come, then the answer itself.
 * Nothing is stored: the caller applies the operations once the viewer confirms. A file larger
 * than the server takes is refused here, with the server's words, before it is sent.
 */
export function uploadImport(
  source: ImportSource,
  file: File,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    if (file.size > MAX_IMPORT_UPLOAD_BYTES) {
      reject(new ImportError(importTooLargeMessage(), 413));
      return;
    }
    const request = new XMLHttpRequest();
    const form = new FormData();
    // The server reads the source before the file.
    form.append('source', source);
    form.append('file', file, file.name);
    let read = 0;
    let answer: ImportAnswer | null = null;
    let failure: ImportError | null = null;

    /** Reads the lines that arrived since the last call. */
    function readLines(isDone: boolean) {
      const text = request.responseText;
      const end = isDone ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      for (const line of text.slice(read, end).split('\n')) {
        if (!line.trim()) continue;
        const parsed = JSON.parse(line) as ImportProgressLine;
        if (parsed.type === 'progress') {
          onProgress({ phase: 'matching', done: parsed.done, total: parsed.total, rows: parsed.rows });
        } else if (parsed.type === 'result') {
          answer = parsed.answer;
        } else {
          failure = new ImportError(parsed.error.message, 200);
        }
      }
      read = end;
    }

    request.open('POST', '/api/imports');
    request.setRequestHeader('accept', 'application/x-ndjson');
    request.upload.onprogress = (event) => {
      onProgress({ phase: 'uploading', sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    request.onprogress = () => {
      if (request.status === 200) readLines(false);
    };
    request.onload = () => {
      if (request.status !== 200) {
        let message = FAILED;
        try {
          message = (JSON.parse(request.responseText) as { error?: { message?: string } }).error?.message ?? FAILED;
        } catch {
          // Not the API's answer (a proxy's page): the general message stands.
        }
        reject(new ImportError(message, request.status));
        return;
      }
      try {
        readLines(true);
      } catch {
        reject(new ImportError(FAILED, request.status));
        return;
      }
      if (failure) reject(failure);
      else if (answer) resolve(answer);
      else reject(new ImportError(FAILED, request.status));
    };
    request.onerror = () => reject(new ImportError(FAILED, 0));
    request.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
