// A push service that accepts fast, for the follows step: HTTPS on 127.0.0.1 (a self-signed
// certificate made with openssl, which the API and workers are told to trust), 201 for every POST to
// /push/<n>, counted; the first and last arrival times answer over IPC. It checks nothing: the
// backend's follows spec runs the stand-in that verifies the VAPID signature and decrypts the payload.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-push-'));
const keyFile = path.join(dir, 'key.pem');
const certFile = path.join(dir, 'cert.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ],
  { stdio: 'ignore' },
);
const state = { received: 0, distinct: new Set(), first: 0, last: 0 };
const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (request, response) => {
  request.resume();
  request.on('end', () => {
    const now = Date.now();
    state.received += 1;
    state.distinct.add(request.url);
    state.first ||= now;
    state.last = now;
    response.writeHead(201).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ ready: true, origin: `https://127.0.0.1:${server.address().port}`, caFile: certFile }));
process.on('message', (message) => {
  if (message.type === 'count') process.send({ result: { received: state.received, distinct: state.distinct.size, first: state.first, last: state.last } });
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
