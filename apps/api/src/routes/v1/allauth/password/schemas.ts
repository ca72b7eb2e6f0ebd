import { allauthErrorResponses, AllauthUnauthenticatedBody } from '../../../../schemas/common.js';

export interface PasswordResetRequestBody {
  email: string;
}

export interface PasswordResetBody {
  /** `uid + "-" + token`, as allauth builds it from the two query parameters of the link. */
  key: string;
  password: string;
}

export const requestSchema = {
  summary: 'Request a password-reset link by e-mail',
  body: {
    type: 'object',
    required: ['email'],
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'integer', enum: [200] } },
    },
    429: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'integer', enum: [429] } },
    },
    ...allauthErrorResponses,
  },
} as const;

export const resetSchema = {
  summary: 'Set a new password with the key from the reset link',
  body: {
    type: 'object',
    required: ['key', 'password'],
    properties: {
      key: { type: 'string', minLength: 1, maxLength: 256 },
      password: { type: 'string', minLength: 1, maxLength: 128 },
    },
  },
  response: {
    401: AllauthUnauthenticatedBody,
    ...allauthErrorResponses,
  },
} as const;
