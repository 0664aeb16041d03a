import { callRoute, type ApiRoute, type RouteAnswer, type RouteCall } from '@ai-mind/contracts/web';

/** Raised for every non-OK response; the message is "<status>: <body or statusText>" (docs/product.md#calls). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

let apiBaseUrl = '';
let csrfToken: string | null = null;

/** Where the API lives: '' (same origin) by default; the admin app on its own origin sets its API origin. */
export function configureApi(options: { baseUrl: string }): void {
  apiBaseUrl = options.baseUrl.replace(/\/+$/, '');
}

/** The admin session's CSRF token, sent with every call that changes something (from the session check or sign-in). */
export function setCsrfToken(token: string | null | undefined): void {
  csrfToken = token ?? null;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Answer null instead of throwing on 401 (for session checks). */
  on401?: 'throw' | 'returnNull';
  /** Sees the successful response before its body is parsed (e.g. to read a paging header). */
  onResponse?: (response: Response) => void;
}

/**
 * The one API helper: sends cookies, sends JSON when there is a body, parses JSON answers and turns
 * non-OK responses into ApiError.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const method = options.method ?? 'GET';
  const response = await fetch(`${apiBaseUrl}${path}`, {
    method,
    credentials: 'include',
    headers: {
      accept: 'application/json',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(csrfToken && method !== 'GET' ? { 'x-csrf-token': csrfToken } : {}),
    },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  if (response.status === 401 && options.on401 === 'returnNull') return null as T;
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  options.onResponse?.(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** What a call may add to its route's parameters, query and body: everything but what the route declares. */
export type CallOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

/**
 * Calls a route declared in the contract (`api` of @ai-mind/contracts) through apiRequest: its
 * address built from the declaration, its body sent as JSON, its answer typed as declared.
 */
export function callApi<R extends ApiRoute>(
  route: R,
  ...[call]: object extends RouteCall<R> ? [call?: RouteCall<R> & CallOptions] : [call: RouteCall<R> & CallOptions]
): Promise<RouteAnswer<R>> {
  return callRoute<R, CallOptions>(apiRequest, route, call ?? ({} as RouteCall<R> & CallOptions));
}

/** The fields of the `{ error, message, details? }` error body a caller may show. */
export type ServerErrorField = 'message' | 'details' | 'error';

/** A field's text: a string, or a list of strings or of `{ message }` (field errors) joined with '; '. */
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (!Array.isArray(value)) return '';
  return value
    .map((item: unknown) =>
      typeof item === 'string' ? item : typeof (item as { message?: unknown })?.message === 'string' ? (item as { message: string }).message : '',
    )
    .map((text) => text.trim())
    .filter(Boolean)
    .join('; ');
}

/**
 * The one reader of server errors: the text of the first of `fields` that the JSON error body holds,
 * in the order given (docs/product.md#messages names a different order per action), else the fallback.
 */
export function serverMessage(error: unknown, fallback: string, fields: readonly ServerErrorField[] = ['message']): string {
  if (!(error instanceof ApiError)) return fallback;
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return fallback;
  }
  if (!body || typeof body !== 'object') return fallback;
  for (const field of fields) {
    const text = fieldText((body as Record<string, unknown>)[field]);
    if (text) return text;
  }
  return fallback;
}
