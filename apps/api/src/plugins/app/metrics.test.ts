import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createScratchDatabase, type ScratchDatabase } from '../../testing/scratch-database.js';
import { testConfig } from '../../testing/test-config.js';
import type { FastifyInstance } from 'fastify';

describe('metrics and request ids', () => {
  let scratch: ScratchDatabase;
  let app: FastifyInstance;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('pglite', undefined, { template: 'seeded' });
    app = await buildApp(
      testConfig({ dataDir: scratch.dataDir, logLevel: 'info', metrics: { host: '127.0.0.1', port: 0 } }),
      {
        logger: {
          level: 'info',
          stream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
        },
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await scratch?.dispose();
  });

  const scrape = async () => {
    const address = app.metrics.address();
    if (address === null) throw new Error('metrics listener not started');
    return fetch(`http://127.0.0.1:${address.port}/metrics`);
  };

  it('counts requests by route template and status on the metrics listener only', async () => {
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/api/v1/support_tickets/12345/' });
    await app.inject({ method: 'GET', url: '/no/such/address' });

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain(
      'portal_api_http_request_duration_seconds_count{method="GET",route="/health",status_code="200"} 2',
    );
    // The template, not the id: one series however many tickets are read.
    expect(text).toContain(
      'portal_api_http_request_duration_seconds_count{method="GET",route="/api/v1/support_tickets/:id/",status_code="401"} 1',
    );
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).toContain('portal_api_process_cpu_seconds_total');
    // Not on the API's own port.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it("logs the caller's X-Request-ID as the request id, so BFF and API lines join", async () => {
    const requestId = 'bff-request-0123456789';
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/tenant_access/',
      headers: { 'x-request-id': requestId },
    });
    expect(response.headers['x-request-id']).toBe(requestId);
    const lines = logLines.filter((line) => line['reqId'] === requestId);
    expect(lines.length).toBeGreaterThan(0);
  });
});
