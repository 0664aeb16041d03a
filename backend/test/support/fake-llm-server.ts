import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmBehaviour = { kind: 'answer'; text: string } | { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'malformed' };

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol, for pointing the AI layer at in
 * tests. Each request takes the next scripted behaviour (the last one repeats) and is recorded.
 */
export async function startFakeLlm() {
  let script: FakeLlmBehaviour[] = [{ kind: 'answer', text: 'Hello from the model.' }];
  const requests: { messages: { role: string; content: string }[]; model: string; max_tokens?: number }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push(JSON.parse(body));
      const behaviour = script.length > 1 ? script.shift()! : script[0]!;
      if (behaviour.kind === 'hang') return;
      if (behaviour.kind === 'status') {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'upstream trouble', type: 'server_error' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      if (behaviour.kind === 'malformed') return res.end('{"choices": [ this is not json');
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'test-model',
          choices: [{ index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
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
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
