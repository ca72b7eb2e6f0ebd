import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConfig } from '#src/testing/factories.ts';
import { reportError, resetErrorReporting, startErrorReporting } from './error-reporting.ts';

const init = vi.hoisted(() => vi.fn());
const captureException = vi.hoisted(() => vi.fn());
vi.mock('@sentry/react', () => ({
  init,
  captureException,
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
}));

afterEach(() => {
  resetErrorReporting();
  init.mockReset();
  captureException.mockReset();
});

describe('error reporting', () => {
  it('does not load Sentry without a DSN', async () => {
    const load = vi.fn();
    expect(await startErrorReporting(buildConfig(), load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    reportError(new Error('nikam'));
    expect(captureException).not.toHaveBeenCalled();
  });

  it('starts Sentry with the rates of docs/product.md §9 and the logger tag when a DSN is set', async () => {
    const config = buildConfig({
      sentry: { dsn: 'https://key@sentry.example/1', environment: 'staging' },
      buildId: 'b1',
    });
    expect(await startErrorReporting(config)).toBe(true);
    expect(init).toHaveBeenCalledTimes(1);
    const options = init.mock.calls[0]?.[0] as Record<string, unknown> & {
      initialScope: { tags: Record<string, string> };
      beforeSend: (event: object) => { logger?: string };
    };
    expect(options).toMatchObject({
      dsn: 'https://key@sentry.example/1',
      environment: 'staging',
      release: 'b1',
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 0,
    });
    expect(options.initialScope.tags).toEqual({ logger: 'javascript-admin' });
    expect(options.beforeSend({}).logger).toBe('javascript-admin');
  });

  it('sends errors raised before start-up once Sentry is ready', async () => {
    const early = new Error('brzy');
    reportError(early);
    await startErrorReporting(buildConfig({ sentry: { dsn: 'https://key@sentry.example/1', environment: 'x' } }));
    expect(captureException).toHaveBeenCalledWith(early);
    const later = new Error('později');
    reportError(later);
    expect(captureException).toHaveBeenLastCalledWith(later);
  });
});
