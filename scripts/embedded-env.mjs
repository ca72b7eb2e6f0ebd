// The environment of the two processes that scripts/start-embedded.mjs starts (the embedded
// defaults: PGlite, in-memory sessions, e-mails to an outbox folder). Kept apart from the start
// itself so that apps/bff's tests can check what a BFF started this way is configured with.
import { randomBytes } from 'node:crypto';

/**
 * The BFF's environment: the caller's own settings win; only what the embedded start must
 * decide is added. Without a configured bot protection (Turnstile or ALTCHA) a fresh
 * self-hosted ALTCHA key is generated, so the public forms are protected out of the box
 * without any outside service. The key lives as long as the process: a restart only
 * invalidates challenges that were fetched and not yet solved.
 * @param {NodeJS.ProcessEnv} env the environment the start was run with
 * @param {{ port: string, upstreamUrl: string }} start
 * @returns {NodeJS.ProcessEnv}
 */
export function embeddedBffEnv(env, { port, upstreamUrl }) {
  const configured = Boolean(env.ALTCHA_HMAC_KEY || env.TURNSTILE_SITE_KEY || env.TURNSTILE_SECRET_KEY);
  return {
    ...env,
    PORT: port,
    UPSTREAM_URL: upstreamUrl,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    ...(configured ? {} : { ALTCHA_HMAC_KEY: randomBytes(32).toString('hex') }),
  };
}
