import { SignJWT } from 'jose';
import type { TestApp } from './build-test-app.js';

/** Signs arbitrary claims with the test app's own key, to forge expired, foreign or odd tokens. */
export function forgeToken(t: TestApp, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}
