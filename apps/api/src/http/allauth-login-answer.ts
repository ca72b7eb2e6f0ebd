import type { components } from '@portal/openapi/upstream-types';
import type { TokenPair } from '../domain/tokens.js';
import { displayName, type User } from '../domain/users.js';

type Method = components['schemas']['LoginResponse']['data']['methods'][number] & { type?: string };

/**
 * allauth's answer to a completed login with the simplejwt pair (ADR 001): after the password,
 * or after the password and the second factor (`extraMethods`, ADR 012).
 */
export function loginAnswer(
  user: User,
  tokens: TokenPair,
  extraMethods: Method[],
): components['schemas']['LoginResponse'] {
  return {
    status: 200,
    data: {
      user: { id: user.id, display: displayName(user), email: user.email, has_usable_password: true },
      methods: [{ method: 'password', at: Date.now() / 1000, email: user.email }, ...extraMethods],
    },
    meta: { is_authenticated: true, access: tokens.access, refresh: tokens.refresh },
  };
}
