import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmBehaviour =
  | { kind: 'answer'; text: string }
  /** Answers after `ms`: long enough to kill or stop a process while it waits. */
  | { kind: 'slow'; text: string; ms: number }
  /** Answers when the test calls `release()`: what is in flight at a given moment does not depend on timing. */
  | { kind: 'held'; text: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'malformed' };

function answer(res: http.ServerResponse, text: string): void {
  // The caller may have gone (a killed process): nothing to answer then.
  if (res.destroyed) return;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
}

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol, for pointing the AI layer at in
 * tests. Each request takes the next scripted behaviour (the last one repeats) and is recorded.
 */
export async function startFakeLlm() {
  let script: FakeLlmBehaviour[] = [{ kind: 'answer', text: 'Hello from the model.' }];
  const pending = new Set<NodeJS.Timeout>();
  const held: (() => void)[] = [];
  const requests: { messages: { role: string; content: string }[]; model: string; max_tokens?: number }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push(JSON.parse(body));
      const behaviour = script.length > 1 ? script.shift()! : script[0]!;
      if (behaviour.kind === 'hang') return;
      if (behaviour.kind === 'held') {
        held.push(() => answer(res, behaviour.text));
        return;
      }
      if (behaviour.kind === 'slow') {
        const timer = setTimeout(() => {
          pending.delete(timer);
          answer(res, behaviour.text);
        }, behaviour.ms);
        pending.add(timer);
        return;
      }
      if (behaviour.kind === 'status') {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'upstream trouble', type: 'server_error' } }));
      }
      if (behaviour.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"choices": [ this is not json');
      }
      answer(res, behaviour.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    script: (...behaviours: FakeLlmBehaviour[]) => {
      script = behaviours;
      requests.length = 0;
    },
    /** Answers every held request. */
    release: () => {
      for (const answerHeld of held.splice(0)) answerHeld();
    },
    close: () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
