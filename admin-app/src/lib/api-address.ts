import { routeUrl, type ApiRoute } from '@ai-mind/contracts';

/**
 * The full address of a declared route the browser opens itself rather than calls (a download, the
 * live event stream, Bull Board's pages): on the API's origin, which the panel deployed alone was built with.
 */
export function apiAddress(route: ApiRoute, call?: Parameters<typeof routeUrl>[1]): string {
  return `${process.env.PUBLIC_API_ORIGIN ?? ''}${routeUrl(route, call)}`;
}
