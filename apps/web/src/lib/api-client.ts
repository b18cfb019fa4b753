/** An error answered by Marquee's API: `{"error":{"code","message"}}` plus the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error's other fields, e.g. a refused sync's `operation` and `field`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; [detail: string]: unknown };
}

/** How a request reaches the API: the browser's fetch, or the server's own router when it renders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/** Routes apiFetch somewhere other than the browser's fetch (the server-side renderer does). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * The one way the web app talks to the server. Statuses 200–299 succeed (product.md §9);
 * anything else becomes an ApiError carrying the server's code and message.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json');
  const response = await transport(path, { credentials: 'same-origin', ...init, headers });
  if (response.status >= 200 && response.status < 300) {
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // A proxy or a crash may answer with something other than JSON; the status still speaks.
  }
  const { code, message, ...details } = body.error ?? {};
  throw new ApiError(
    response.status,
    code ?? 'http_error',
    message ?? `Request failed with status ${response.status}`,
    details,
  );
}
