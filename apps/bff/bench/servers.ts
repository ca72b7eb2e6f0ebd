/**
 * The processes of the benchmark, each started by run.ts in its own process so each one's CPU
 * time can be read separately (through IPC: the parent sends 'cpu', the child answers with its
 * process.cpuUsage()).
 *
 *   upstream <port>                      a fast fake upstream: auth calls and a ~20 KB ticket list
 *   bare-proxy <port> <upstream>         @fastify/http-proxy adding only Authorization and X-Tenant-ID
 *   bff <port> <upstream> [redis-url]    the BFF itself (memory sessions, or Redis when given)
 */
import { createServer } from 'node:http';
import fastifyHttpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { testUser } from '../src/testing/session-records.js';

const [kind, portText, upstreamUrl, redisUrl] = process.argv.slice(2);
const port = Number(portText);
const secret = new TextEncoder().encode('benchmark-secret-benchmark-secret');

async function token(type: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type: type, user_id: '7' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(secret);
}

/** A ticket list of about 20 KB, serialised once: the upstream should cost as little as possible. */
function ticketList(): string {
  const tickets = Array.from({ length: 40 }, (_, index) => ({
    id: index + 1,
    subject: `Porucha osvětlení ve společných prostorách č. ${index + 1}`,
    status: index % 3 === 0 ? 'open' : 'in_progress',
    priority: 'normal',
    building: { id: 1, name: 'Budova A, Vinohradská 12, Praha 2' },
    created_at: '2026-11-20T10:15:00Z',
    updated_at: '2026-11-21T08:00:00Z',
    description: 'Na chodbě ve třetím patře nesvítí dvě světla u výtahu a jedno u schodiště; prosíme o výměnu. '.repeat(
      3,
    ),
  }));
  return JSON.stringify(tickets);
}

async function startUpstream(): Promise<void> {
  const list = Buffer.from(ticketList());
  const json = (body: unknown) => Buffer.from(JSON.stringify(body));
  const server = createServer((request, response) => {
    const send = (status: number, body: Buffer, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': String(body.length),
        ...headers,
      });
      response.end(body);
    };
    const path = request.url?.split('?')[0];
    if (path === '/api/v1/support_tickets/' && request.method === 'GET') {
      send(200, list, { 'x-total-count': '40' });
      return;
    }
    request.resume();
    request.on('end', () => {
      void (async () => {
        if (path === '/api/v1/_allauth/app/v1/auth/login') {
          send(
            200,
            json({
              status: 200,
              data: {},
              meta: { is_authenticated: true, access: await token('access'), refresh: await token('refresh') },
            }),
          );
        } else if (path === '/api/v1/my_profile/') {
          send(200, json(testUser()));
        } else if (path === '/api/v1/tenant_access/') {
          send(200, json([{ id: 'tenant-alfa', name: 'Alfa s.r.o.' }]));
        } else {
          send(200, json({ status: 'ok' }));
        }
      })();
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

async function startBareProxy(): Promise<void> {
  const app = Fastify({ logger: false });
  const bearer = `Bearer ${await token('access')}`;
  await app.register(fastifyHttpProxy, {
    upstream: upstreamUrl as string,
    prefix: '/api/v1/support_tickets/',
    rewritePrefix: '/api/v1/support_tickets/',
    routes: [''],
    replyOptions: {
      rewriteRequestHeaders: (_request, headers) => ({
        ...headers,
        authorization: bearer,
        'x-tenant-id': 'tenant-alfa',
      }),
    },
  });
  await app.listen({ host: '127.0.0.1', port });
}

async function startBff(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    UPSTREAM_URL: upstreamUrl,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Per-request info lines cost CPU and would measure the log sink; see README.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    RATE_LIMIT_NOT_FOUND_PER_MINUTE: '1000000',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `portal-bench:${process.pid}:` } : {}),
  });
  const app = await buildApp({ config });
  await app.listen({ host: '127.0.0.1', port });
}

// A clean exit on SIGINT, so `node --cpu-prof` can write its profile when profiling one server.
process.on('SIGINT', () => process.exit(0));
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});

const starters: Record<string, () => Promise<void>> = {
  upstream: startUpstream,
  'bare-proxy': startBareProxy,
  bff: startBff,
};
const start = kind ? starters[kind] : undefined;
if (!start) throw new Error(`unknown server kind ${String(kind)}`);
await start();
process.send?.('ready');
