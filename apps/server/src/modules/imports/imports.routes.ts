import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { IMPORT_SOURCES, type ImportProgressLine, type ImportSource } from '@marquee/core/imports/import-answer';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { ImportCollector } from './import-records.ts';
import {
  findLocalTitlesById,
  findLocalTitlesByText,
  searchLocalTitlesForImport,
  searchLocalTitlesForImportMany,
} from './imports.repository.ts';
import { matchImport, readImport, type ImportDeps } from './imports.service.ts';
import { describeBytes, IMPORT_LIMITS, type ImportLimits } from './upload-reader.ts';

/** The streamed answer's type: progress lines while matching, then the answer. */
export const NDJSON = 'application/x-ndjson';

const FORM_MESSAGE = 'Send the import as multipart/form-data: a field "source", then the file in a field "file"';

function isImportSource(value: string): value is ImportSource {
  return (IMPORT_SOURCES as readonly string[]).includes(value);
}

/**
 * A refusal of the multipart parser (a part or a file over its limit, a form cut off) as the API's
 * error. Only reading the upload runs where this applies: whatever else fails there, the upload
 * was not one this route can read (a 400), never the server (it is logged all the same).
 */
function formError(error: unknown, limits: ImportLimits, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) {
    return new AppError(
      'payload_too_large',
      `The upload is larger than ${describeBytes(limits.maxUploadBytes)}, or holds more than one file`,
    );
  }
  if (typeof status === 'number' && status >= 400 && status < 500) return new AppError('invalid_input', FORM_MESSAGE);
  log.warn({ err: error }, 'an import upload could not be read');
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new AppError('invalid_input', `The upload could not be read${detail}`);
}

/**
 * POST /api/imports (DESIGN.md "HTTP API contract"): a Letterboxd, IMDb, Trakt or Marquee export in,
 * sync operations and a report out. Nothing is written: the client applies the operations through
 * its own stores and the sync, so a guest imports into the browser and an account into itself.
 * With `Accept: application/x-ndjson` the answer streams the matching's progress first.
 */
export async function importsRoutes(
  app: FastifyInstance,
  options: { db: Db; catalogue: CatalogueProvider; limits?: ImportLimits; now?: () => Date },
): Promise<void> {
  const limits = options.limits ?? IMPORT_LIMITS;
  const deps: ImportDeps = {
    catalogue: options.catalogue,
    local:
      options.catalogue.mode === 'local'
        ? {
            byText: (texts) => findLocalTitlesByText(options.db, texts),
            search: (q) => searchLocalTitlesForImport(options.db, q),
            searchMany: (qs) => searchLocalTitlesForImportMany(options.db, qs),
            byId: (refs) => findLocalTitlesById(options.db, refs),
          }
        : undefined,
    limits,
    now: options.now,
  };

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: limits.maxUploadBytes + 1, files: 1, fields: 4, fieldSize: 100, parts: 6, headerPairs: 50 },
    });

    scope.post('/api/imports', { config: {}, compress: false } as never, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', FORM_MESSAGE);
      let source: ImportSource | null = null;
      let collector: ImportCollector | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'source') continue;
            const value = String(part.value);
            if (!isImportSource(value)) {
              throw new AppError('invalid_input', `Invalid source: must be one of ${IMPORT_SOURCES.join(', ')}`);
            }
            source = value;
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          if (!source) throw new AppError('invalid_input', `Invalid source: ${FORM_MESSAGE}`);
          collector = await readImport(source, part.file, part.filename || 'upload', deps);
          if (part.file.truncated) throw formError({ statusCode: 413 }, limits, request.log);
        }
      } catch (error) {
        throw formError(error, limits, request.log);
      }
      if (!source) throw new AppError('invalid_input', `Invalid source: ${FORM_MESSAGE}`);
      if (!collector) throw new AppError('invalid_input', `Invalid file: ${FORM_MESSAGE}`);

      if (!String(request.headers.accept ?? '').includes(NDJSON)) return matchImport(source, collector, deps);

      const stream = new PassThrough();
      const write = (line: ImportProgressLine) => stream.write(`${JSON.stringify(line)}\n`);
      void reply.header('content-type', `${NDJSON}; charset=utf-8`).header('cache-control', 'no-store');
      const rows = collector.rows;
      let lastSent = 0;
      const matching = matchImport(source, collector, deps, (done, total) => {
        // A line every 2 % (and the last): the bar moves smoothly without a line per title.
        if (done === total || done - lastSent >= Math.max(1, Math.floor(total / 50))) {
          lastSent = done;
          write({ type: 'progress', phase: 'matching', done, total, rows });
        }
      });
      write({ type: 'progress', phase: 'matching', done: 0, total: 0, rows });
      matching.then(
        (answer) => {
          write({ type: 'result', answer });
          stream.end();
        },
        (error: unknown) => {
          const known = error instanceof AppError && error.status < 500 ? error : null;
          const unavailable = error instanceof AppError && error.code === 'unavailable' ? error : null;
          if (!known) request.log.error({ err: error }, 'import matching failed');
          const code = (known ?? unavailable)?.code ?? 'internal';
          const message = (known ?? unavailable)?.message ?? 'Internal server error';
          write({ type: 'error', error: { code, message } });
          stream.end();
        },
      );
      return reply.status(200).send(stream);
    });
  });
}
