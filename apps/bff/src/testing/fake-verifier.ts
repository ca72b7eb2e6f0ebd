import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyCall {
  secret: string;
  response: string;
  remoteip?: string;
  idempotency_key?: string;
}

/**
 * A stand-in for Cloudflare's siteverify that records every call. By default it accepts the
 * token `valid-<action>` for the portal's hostname and refuses a second use of any token.
 */
export interface FakeVerifier {
  url: string;
  calls: SiteverifyCall[];
  hostname: string;
  /** Replaces the default answer when set; return true when the response was sent. */
  reply: ((call: SiteverifyCall, response: ServerResponse, index: number) => boolean) | null;
  close(): Promise<void>;
}

export async function startFakeVerifier(hostname: string): Promise<FakeVerifier> {
  const redeemed = new Set<string>();
  const fake: FakeVerifier = {
    url: '',
    calls: [],
    hostname,
    reply: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SiteverifyCall;
      fake.calls.push(call);
      if (fake.reply?.(call, response, fake.calls.length - 1)) return;
      const send = (body: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const match = /^valid-(.+)$/.exec(call.response);
      if (!match) return send({ success: false, 'error-codes': ['invalid-input-response'] });
      if (redeemed.has(call.response)) return send({ success: false, 'error-codes': ['timeout-or-duplicate'] });
      redeemed.add(call.response);
      send({
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: fake.hostname,
        'error-codes': [],
        action: match[1],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  return fake;
}
