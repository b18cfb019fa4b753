import type { $ZodError } from 'zod/v4/core';
import { AppError, describeZodError } from '../../plugins/errors.ts';

/**
 * The 400 that refuses a sync batch because of one of its operations: the message names the field
 * as every 400 does (`Invalid operations.3.item.rating: ...`), and the body's `operation` (its
 * index in the batch) and `field` (within it) let a device drop that operation from its queue and
 * send the rest again (apps/web/src/lib/sync/sync-engine.ts), never retrying the same batch forever.
 */
export function refusedOperation(index: number, field: string, problem: string): AppError {
  return new AppError('invalid_input', `Invalid operations.${index}.${field}: ${problem}`, {
    operation: index,
    field,
  });
}

/** The 400 of a sync body that failed its schema, naming the operation when one is at fault. */
export function refusedSyncBody(error: $ZodError): AppError {
  const message = describeZodError(error, 'body');
  const path = error.issues[0]?.path ?? [];
  if (path[0] !== 'operations' || typeof path[1] !== 'number') return new AppError('invalid_input', message);
  return new AppError('invalid_input', message, {
    operation: path[1],
    field: path.slice(2).join('.'),
  });
}
