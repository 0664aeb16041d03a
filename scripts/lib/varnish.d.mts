// Types of what TypeScript code (test support) imports from varnish.mjs.
/** infra/varnish: the VCL and the script that starts varnishd with it. */
export const VARNISH_DIR: string;
export interface RunningVarnish {
  /** The readers' listener, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The purge listener (an HTTP_CACHE_PURGE_URLS entry). */
  purgeUrl: string;
  /** varnishstat's counters by name, e.g. MAIN.backend_req. */
  stats(): Record<string, number>;
  stop(): Promise<void>;
}
/** varnishd running infra/varnish/default.vcl in front of `backend`, on free ports unless given. */
export function startVarnish(options: {
  backend: { host: string; port: number };
  port?: number;
  purgePort?: number;
  memory?: string;
  log?: (line: string) => void;
}): Promise<RunningVarnish>;
