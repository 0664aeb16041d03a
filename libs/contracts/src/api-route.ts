import type { z } from './zod.js';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route takes and answers, as the zod schemas' types (a plain type only where the contract
 * has no schema for it). Types only: a route costs a browser bundle no zod, so the public site can
 * call through the same declarations as the admin app.
 */
export interface RouteTypes {
  query?: unknown;
  body?: unknown;
  answer?: unknown;
}

/** A schema's parsed value; a plain type stays as it is. */
type Shape<S> = S extends z.ZodType ? z.output<S> : S;
/** What a caller may send for a schema: defaulted fields may be left out. */
type Input<S> = S extends z.ZodType ? z.input<S> : S;

/** The `:name` segments of a path, e.g. 'id' | 'revisionId'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * One API route, declared once: its method and path (`:name` for a parameter) and the types of what
 * it takes and answers. `query`, `body` and `answers` only retype the route, so a declaration reads
 * `get('/api/x').query<typeof XQuerySchema>().answers<typeof XSchema>()`.
 */
export class ApiRoute<Path extends string = string, Types extends RouteTypes = RouteTypes> {
  /** Never set: it carries the types to callers. */
  declare readonly types?: Types;

  constructor(
    readonly method: ApiMethod,
    readonly path: Path,
  ) {}

  query<Query>(): ApiRoute<Path, Omit<Types, 'query'> & { query: Query }> {
    return this as ApiRoute<Path, Omit<Types, 'query'> & { query: Query }>;
  }

  body<Body>(): ApiRoute<Path, Omit<Types, 'body'> & { body: Body }> {
    return this as ApiRoute<Path, Omit<Types, 'body'> & { body: Body }>;
  }

  answers<Answer>(): ApiRoute<Path, Omit<Types, 'answer'> & { answer: Answer }> {
    return this as ApiRoute<Path, Omit<Types, 'answer'> & { answer: Answer }>;
  }
}

export const get = <Path extends string>(path: Path) => new ApiRoute('GET', path);
export const post = <Path extends string>(path: Path) => new ApiRoute('POST', path);
export const put = <Path extends string>(path: Path) => new ApiRoute('PUT', path);

type TypesOf<R> = R extends ApiRoute<string, infer Types> ? Types : never;
type PathOf<R> = R extends ApiRoute<infer Path, RouteTypes> ? Path : never;

/** What a route answers (unknown when its declaration does not say). */
export type RouteAnswer<R extends ApiRoute> = TypesOf<R> extends { answer: infer Answer } ? Shape<Answer> : unknown;
/** A query is sent field by field; a field left out is not sent. */
export type RouteQuery<R extends ApiRoute> = TypesOf<R> extends { query: infer Query } ? Partial<Shape<Query>> : never;
export type RouteBody<R extends ApiRoute> = TypesOf<R> extends { body: infer Body } ? Input<Body> : never;

/** What one call names: the path's parameters (required when it has any), the query and the body. */
export type RouteCall<R extends ApiRoute> = ([PathParamNames<PathOf<R>>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamNames<PathOf<R>>, string | number> }) &
  ([RouteQuery<R>] extends [never] ? { query?: never } : { query?: RouteQuery<R> }) &
  ([RouteBody<R>] extends [never] ? { body?: never } : { body: RouteBody<R> });

/**
 * The contracts build with no DOM or Node types; every runtime that calls the API (browsers, Node)
 * has URLSearchParams, whose encoding the apps' addresses always used.
 */
const { URLSearchParams } = globalThis as unknown as {
  URLSearchParams: new () => { set(key: string, value: string): void; readonly size: number; toString(): string };
};

/**
 * The address of one call: each `:name` replaced by its encoded parameter, then the query's fields
 * that have a value (undefined ones are left out), `?` only when there are any.
 */
export function routeUrl(route: ApiRoute, call: { params?: Record<string, string | number>; query?: object } = {}): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.set(key, String(value));
  return query.size ? `${path}?${query}` : path;
}

/** How a call goes out: the app's one API helper (cookies, CSRF, errors) given the address, method and body. */
export type SendRequest<Options> = (url: string, options: Options & { method: ApiMethod; body?: unknown }) => Promise<unknown>;

/**
 * Calls a declared route through `send`: builds the address, sends the body (when the call has one)
 * and types the answer. Other options (a signal, paging hooks) go to `send` as they are.
 */
export function callRoute<R extends ApiRoute, Options extends object>(
  send: SendRequest<Options>,
  route: R,
  call: RouteCall<R> & Options,
): Promise<RouteAnswer<R>> {
  const { params, query, body, ...options } = call as { params?: Record<string, string | number>; query?: object; body?: unknown } & Options;
  // A call without a body sends none (no JSON content type), as a bodiless POST always did.
  const sent = { ...(options as unknown as Options), method: route.method, ...(body === undefined ? {} : { body }) };
  return send(routeUrl(route, { params, query }), sent) as Promise<RouteAnswer<R>>;
}
