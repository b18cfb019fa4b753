import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** An ApiError as JSON: an Error's message and class do not survive JSON.stringify. */
interface ApiErrorJson {
  name: 'ApiError';
  status: number;
  code: string;
  message: string;
}

function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

/** Whether a query failed with a 404: a page showing its not-found state, which renders the same anywhere. */
export function isNotFoundQuery(query: Query): boolean {
  return query.state.status === 'error' && isNotFound(query.state.error);
}

const toJson = (error: unknown): unknown =>
  isNotFound(error)
    ? ({ name: 'ApiError', status: error.status, code: error.code, message: error.message } satisfies ApiErrorJson)
    : error;

const fromJson = (error: unknown): unknown => {
  const json = error as Partial<ApiErrorJson> | null;
  return json && typeof json === 'object' && json.name === 'ApiError' && typeof json.status === 'number'
    ? new ApiError(json.status, String(json.code), String(json.message))
    : error;
};

/**
 * The query cache of a server-rendered page, for the browser to hydrate with: its answers, and its
 * 404s (a missing title renders its not-found state on the server; the browser must start from the
 * same error to render the same markup). Other failures are not sent: the page is not rendered then.
 */
export function dehydratePage(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || isNotFoundQuery(query),
  });
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.queryKey[0] === 'availability'
        ? // Where titles play changes while a rendered page is kept (a file added to MEDIA_DIR): the
          // browser shows the server's answer at once and asks again once the page is its own.
          { ...query, state: { ...query.state, dataUpdatedAt: 0 } }
        : query.state.status === 'error'
          ? {
              ...query,
              state: {
                ...query.state,
                error: toJson(query.state.error) as Error,
                fetchFailureReason: toJson(query.state.fetchFailureReason) as Error,
              },
            }
          : query,
    ),
  };
}

/**
 * Takes in the query cache of a server-rendered page: its 404s become ApiErrors again, and are not
 * asked for again as their screens mount. A query that failed would otherwise look pending to its
 * first render (React Query retries it on mount): the loading state, not the server's markup.
 */
export function hydrateServerState(client: QueryClient, state: DehydratedState): void {
  const revived = reviveServerState(state);
  hydrate(client, revived);
  for (const query of revived.queries)
    if (query.state.status === 'error') client.setQueryDefaults(query.queryKey, { retryOnMount: false });
}

/** A server-rendered page's query cache as the browser reads it: its 404s are ApiErrors again. */
export function reviveServerState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: {
              ...query.state,
              error: fromJson(query.state.error) as Error,
              fetchFailureReason: fromJson(query.state.fetchFailureReason) as Error,
            },
          }
        : query,
    ),
  };
}
