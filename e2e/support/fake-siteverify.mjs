// A stand-in for Cloudflare Turnstile's siteverify, for the e2e BFF with TURNSTILE_* set.
// It accepts the tokens the fake widget (fake-turnstile.ts) issues, `e2e-pass.<action>.<nonce>`,
// once each, and answers like Cloudflare: the action and the hostname the widget ran on.
// Anything else is refused with Cloudflare's error code. Plain JavaScript, so Playwright's
// webServer can start it with node.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 0);
const hostname = process.env.TURNSTILE_HOSTNAME ?? 'localhost';
const redeemed = new Set();

const server = createServer((request, response) => {
  const send = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && request.url === '/healthz') return send(200, { ok: true });
  if (request.method !== 'POST' || request.url !== '/turnstile/v0/siteverify') return send(404, {});
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let call;
    try {
      call = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(400, { success: false, 'error-codes': ['bad-request'] });
    }
    if (!call.secret) return send(200, { success: false, 'error-codes': ['missing-input-secret'] });
    const match = /^e2e-pass\.([a-z-]+)\.[A-Za-z0-9]+$/.exec(String(call.response ?? ''));
    if (!match) return send(200, { success: false, 'error-codes': ['invalid-input-response'] });
    if (redeemed.has(call.response)) return send(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
    redeemed.add(call.response);
    return send(200, {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname,
      action: match[1],
      'error-codes': [],
    });
  });
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
