// Types of what TypeScript code (test support) imports from services.mjs.
/** A free TCP port on 127.0.0.1: the preferred one when it is free, else one the OS picks. */
export function freePort(preferred?: number): Promise<number>;
/** An embedded PostgreSQL cluster in `dataDir` (initialised on first use) with `database` created. */
export function startPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  ownSignals?: boolean;
  log?: (line: string) => void;
}): Promise<{ url: string; stop: () => Promise<void> }>;
/** redis-server on 127.0.0.1:port; with `dataDir` it keeps an append-only file there; `databases` instead of Redis's 16. */
export function startRedis(options: {
  port: number;
  dataDir?: string;
  databases?: number;
  log?: (line: string) => void;
}): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }>;
/** How the mail catcher treats recipients whose address matches `match` (a regular expression). */
export interface MailCatcherRule {
  match: string;
  action: 'reject' | 'defer' | 'stall' | 'hold';
  /** Only the first this many attempts per address. */
  times?: number;
  /** For `hold`: how long the answer to DATA waits. */
  ms?: number;
}
/** The local mail catcher: real SMTP, a web inbox and a JSON view of what it caught. */
export function startMailCatcher(options: {
  smtpPort: number;
  httpPort: number;
  rules?: MailCatcherRule[];
  log?: (line: string) => void;
}): Promise<{ smtpUrl: string; inboxUrl: string; pid: number | undefined; stop: () => Promise<void> }>;
