import { freePort, startMailCatcher, type MailCatcherRule } from '../../../scripts/lib/services.mjs';

/** A message as the catcher keeps it: the SMTP envelope, the parsed headers (lowercased names) and both parts. */
export interface CaughtMail {
  id: number;
  envelope: { from: string | null; to: string[] };
  subject: string;
  messageId: string | null;
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
  contentType: string | null;
}

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  pid: number | undefined;
  messages: (to?: string) => Promise<CaughtMail[]>;
  stats: () => Promise<{ received: number; discarded: number; holding: string[] }>;
  /** Waits until `to` has received `count` messages (default 1), and answers them. */
  waitFor: (to: string, count?: number, timeoutMs?: number) => Promise<CaughtMail[]>;
  stop: () => Promise<void>;
}

/** The real mail catcher process (the one `npm start` runs) on free ports, for one suite. */
export async function startTestMailCatcher(rules: MailCatcherRule[] = []): Promise<MailCatcher> {
  const catcher = await startMailCatcher({ smtpPort: await freePort(), httpPort: await freePort(), rules });
  const messages = async (to?: string) =>
    (await (await fetch(`${catcher.inboxUrl}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`)).json()) as CaughtMail[];
  return {
    ...catcher,
    messages,
    stats: async () => (await (await fetch(`${catcher.inboxUrl}/api/stats`)).json()) as { received: number; discarded: number; holding: string[] },
    waitFor: async (to, count = 1, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = await messages(to);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${to} received ${found.length} of ${count} message(s) within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
