// The local mail catcher: a real SMTP server (smtp-server) that keeps what it accepts in memory and
// shows it in a web inbox, with a JSON view for tests. Started as its own process by
// startMailCatcher (services.mjs) for `npm start` without SMTP_URL and for the test suites.
//
// MAIL_CATCHER_RULES (JSON) makes it behave like a real server does for some recipients, matched by
// a regular expression on the address: `reject` (550 at RCPT TO: the address does not exist),
// `defer` (451 at RCPT TO, the first `times` attempts: try again later), `stall` (no answer at
// RCPT TO, so the client times out), `hold` (the answer to DATA comes `ms` later; a client that goes
// away meanwhile never got a 250, so the message is discarded, as a real server does).
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT);
const rules = JSON.parse(process.env.MAIL_CATCHER_RULES || '[]').map((rule) => ({ ...rule, pattern: new RegExp(rule.match, 'i') }));
/** The newest are kept; an inbox is for looking, not for archiving. */
const KEEP = 20_000;

const messages = [];
let nextId = 1;
let discarded = 0;
const holding = new Set();
const attemptsByRule = new Map();
const closedSessions = new Set();

function ruleFor(address, action) {
  return rules.find((rule) => rule.action === action && rule.pattern.test(address));
}

/** Whether the rule still applies to this address: `times` limits it to the first attempts. */
function applies(rule, address) {
  if (rule.times === undefined) return true;
  const key = `${rules.indexOf(rule)}:${address.toLowerCase()}`;
  const seen = (attemptsByRule.get(key) ?? 0) + 1;
  attemptsByRule.set(key, seen);
  return seen <= rule.times;
}

function smtpError(code, message) {
  const error = new Error(message);
  error.responseCode = code;
  return error;
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  size: 25 * 1024 * 1024,
  onRcptTo(address, _session, callback) {
    const to = address.address;
    const reject = ruleFor(to, 'reject');
    if (reject && applies(reject, to)) return callback(smtpError(550, `5.1.1 <${to}>: mailbox unavailable`));
    const defer = ruleFor(to, 'defer');
    if (defer && applies(defer, to)) return callback(smtpError(451, `4.3.0 <${to}>: try again later`));
    const stall = ruleFor(to, 'stall');
    if (stall && applies(stall, to)) return; // never answered: the client's own timeout ends it
    callback();
  },
  onClose(session) {
    closedSessions.add(session.id);
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      const hold = recipients.map((to) => ({ to, rule: ruleFor(to, 'hold') })).find(({ to, rule }) => rule && applies(rule, to));
      if (hold) {
        holding.add(hold.to);
        await new Promise((resolve) => setTimeout(resolve, hold.rule.ms ?? 5_000));
        holding.delete(hold.to);
        if (closedSessions.has(session.id)) {
          discarded += 1;
          return;
        }
      }
      try {
        const parsed = await simpleParser(raw);
        const headers = {};
        for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
        messages.push({
          id: nextId++,
          receivedAt: new Date().toISOString(),
          envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null, to: recipients },
          subject: parsed.subject ?? '',
          messageId: parsed.messageId ?? null,
          headers,
          text: parsed.text ?? null,
          html: typeof parsed.html === 'string' ? parsed.html : null,
          contentType: headers['content-type'] ?? null,
        });
        if (messages.length > KEEP) messages.splice(0, messages.length - KEEP);
        callback(null, 'Message accepted');
      } catch (error) {
        callback(smtpError(451, `4.6.0 could not read the message: ${error.message}`));
      }
    });
  },
});

const escapeHtml = (text) => String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left}
iframe{width:100%;height:60vh;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}dt{font-weight:600}</style></head><body>${body}</body></html>`;
}

function inboxPage() {
  const rows = messages
    .slice()
    .reverse()
    .slice(0, 500)
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.receivedAt)}</td><td>${escapeHtml(m.envelope.to.join(', '))}</td><td><a href="/message/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Mail catcher',
    `<h1>Mail catcher</h1><p>${messages.length} message(s) caught on SMTP port ${smtpPort}. Newest first.</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function messagePage(m) {
  const headers = Object.entries(m.headers)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  // The HTML part is shown in a sandboxed frame: no scripts, no access to this page.
  const html = m.html
    ? `<h2>HTML part</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(m.html)}" title="HTML part"></iframe>`
    : '';
  const text = m.text ? `<h2>Plain text part</h2><pre>${escapeHtml(m.text)}</pre>` : '';
  return page(m.subject, `<p><a href="/">Inbox</a></p><h1>${escapeHtml(m.subject)}</h1><dl>${headers}</dl>${html}${text}`);
}

function send(response, status, type, body) {
  // One request per connection: a client polling the inbox never reuses a socket the server is closing.
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', connection: 'close' });
  response.end(body);
}

const http = createServer((request, response) => {
  const url = new URL(request.url, 'http://catcher');
  if (url.pathname === '/api/messages' && request.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.envelope.to.some((address) => address.toLowerCase() === to)) : messages;
    return send(response, 200, 'application/json', JSON.stringify(list));
  }
  if (url.pathname === '/api/messages' && request.method === 'DELETE') {
    messages.length = 0;
    return send(response, 204, 'text/plain', '');
  }
  if (url.pathname === '/api/stats') {
    return send(response, 200, 'application/json', JSON.stringify({ received: messages.length, discarded, holding: [...holding] }));
  }
  const one = /^\/message\/(\d+)$/.exec(url.pathname);
  if (one) {
    const found = messages.find((m) => m.id === Number(one[1]));
    return found ? send(response, 200, 'text/html; charset=utf-8', messagePage(found)) : send(response, 404, 'text/plain', 'No such message');
  }
  if (url.pathname === '/') return send(response, 200, 'text/html; charset=utf-8', inboxPage());
  send(response, 404, 'text/plain', 'Not found');
});

smtp.on('error', (error) => process.stderr.write(`[mail-catcher] ${error.message}\n`));
smtp.listen(smtpPort, '127.0.0.1', () => {
  http.listen(httpPort, '127.0.0.1', () => process.stdout.write(`mail catcher listening: smtp ${smtpPort}, http ${httpPort}\n`));
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    http.close();
    smtp.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1_000).unref();
  });
}
