// The load generator: a child process of its own (never inside the server it measures), driven over
// IPC. It runs autocannon rounds alternating between the API and the bare baseline, records every
// response time itself (autocannon reports no p95) and answers with merged figures per target.
import autocannon from 'autocannon';

/** Builds one autocannon request list for a scenario; `state` collects per-request outcomes. */
function requestsFor(scenario, state) {
  if (scenario.kind === 'paths') {
    let next = 0;
    return [{ method: 'GET', headers: scenario.headers, setupRequest: (req) => ({ ...req, path: scenario.paths[next++ % scenario.paths.length] }) }];
  }
  if (scenario.kind === 'interactions') {
    // Every request comes from a new reader (the API trusts X-Forwarded-For behind its proxy) and
    // likes or shares one of the articles in turn; 2xx answers are counted per article and type.
    return [
      {
        method: 'POST',
        path: '/api/interactions',
        setupRequest: (req, context) => {
          const n = state.sent++;
          const client = scenario.clientOffset + n;
          context.articleId = scenario.articleIds[n % scenario.articleIds.length];
          context.type = Math.floor(n / scenario.articleIds.length) % 3 === 2 ? 'share' : 'like';
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
            },
            body: JSON.stringify({ articleId: context.articleId, type: context.type }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status < 200 || status >= 300) return;
          const key = `${context.type}:${context.articleId}`;
          state.ok.set(key, (state.ok.get(key) ?? 0) + 1);
        },
      },
    ];
  }
  if (scenario.kind === 'churn') {
    // The attack of issue 27: every request is one the server has not seen, in turn a page for a
    // Host of its own, a well-formed made-up cursor, and a category nobody publishes in.
    let n = 0;
    const random = () => Math.random().toString(36).slice(2, 10);
    return [
      {
        method: 'GET',
        setupRequest: (req) => {
          const kind = n++ % 3;
          const headers = { 'accept-encoding': 'gzip, br' };
          if (kind === 0)
            return { ...req, path: '/', headers: { ...headers, host: `${random()}.attacker.example`, 'x-forwarded-host': `${random()}.example` } };
          if (kind === 1) {
            const cursor = Buffer.from(JSON.stringify({ c: `2025-01-01 00:00:00.${String(n % 1e6).padStart(6, '0')}+00`, i: n })).toString('base64url');
            return { ...req, path: `/?cursor=${cursor}`, headers };
          }
          return { ...req, path: `/category/${random()}`, headers };
        },
      },
    ];
  }
  return [{ method: 'GET', path: scenario.path, headers: scenario.headers }];
}

/**
 * One autocannon round; `seconds` is the round's own time. A round of `amount` requests is timed from
 * its start to its last answer: autocannon ends such a round only at its next one-second sample, so its
 * own duration is rounded up to whole seconds (a round of 2.2 s counted as 3).
 */
function runRound(baseUrl, round, scenario, state, record) {
  const started = performance.now();
  let lastAnswer = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: round.connections,
        ...(round.amount ? { amount: round.amount } : { duration: round.seconds }),
        timeout: 10,
        requests: requestsFor(scenario, state),
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, seconds: round.amount ? (lastAnswer - started) / 1000 : result.duration })),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      if (!record) return;
      record.latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) record.non2xx += 1;
    });
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/**
 * `job`: { targets: { api, bare? } base URLs, scenario, connections, warmup?: { seconds | amount }, rounds: [{ target, seconds | amount }] }.
 * Interactions must use `amount` on the API: a round cut off by time would drop answers the server counted.
 * Answers { api: {...}, bare: {...}, counts? } with requests/s, p50, p95, p99 (ms) and non-2xx/error totals.
 */
async function run(job) {
  // The API's answers are counted from the warm-up on: its increments are in the database too.
  const state = { sent: 0, ok: new Map() };
  const stateOf = (target) => (target === 'api' ? state : { sent: 0, ok: new Map() });
  if (job.warmup) {
    for (const target of Object.keys(job.targets)) {
      await runRound(job.targets[target], { connections: job.connections, ...job.warmup }, job.scenario, stateOf(target), null);
    }
  }
  const records = {};
  for (const round of job.rounds) {
    const record = (records[round.target] ??= { latencies: [], non2xx: 0, errors: 0, timeouts: 0, seconds: 0 });
    const result = await runRound(job.targets[round.target], { connections: job.connections, ...round }, job.scenario, stateOf(round.target), record);
    record.errors += result.errors;
    record.timeouts += result.timeouts;
    record.seconds += result.seconds;
  }
  const figures = Object.fromEntries(
    Object.entries(records).map(([target, record]) => {
      const sorted = Float64Array.from(record.latencies).sort();
      return [
        target,
        {
          requests: sorted.length,
          requestsPerSecond: Math.round(sorted.length / record.seconds),
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          non2xx: record.non2xx,
          errors: record.errors,
          timeouts: record.timeouts,
        },
      ];
    }),
  );
  return { ...figures, counts: job.scenario.kind === 'interactions' ? Object.fromEntries(state.ok) : undefined };
}

process.on('message', (job) => {
  run(job).then(
    (result) => process.send({ ok: true, result }),
    (error) => process.send({ ok: false, error: error.stack ?? String(error) }),
  );
});
