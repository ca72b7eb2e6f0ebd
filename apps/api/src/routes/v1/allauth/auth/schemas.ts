import { allauthErrorResponses, AllauthUnauthenticatedBody } from '../../../../schemas/common.js';

export interface LoginBody {
  email: string;
  password: string;
}

export interface LogoutBody {
  refresh?: string;
}

const AllauthUser = {
  type: 'object',
  required: ['id', 'display', 'email', 'has_usable_password'],
  properties: {
    id: { type: 'integer' },
    display: { type: 'string' },
    email: { type: 'string' },
    has_usable_password: { type: 'boolean' },
  },
} as const;

/** django-allauth headless `AuthenticatedResponse`, with simplejwt tokens in `meta` (ADR 001). */
const AuthenticatedByPassword = {
  type: 'object',
  required: ['status', 'data', 'meta'],
  properties: {
    status: { type: 'integer', enum: [200] },
    data: {
      type: 'object',
      required: ['user', 'methods'],
      properties: {
        user: AllauthUser,
        methods: {
          type: 'array',
          items: {
            type: 'object',
            required: ['method', 'at'],
            properties: {
              method: { type: 'string' },
              at: { type: 'number' },
              email: { type: 'string' },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['is_authenticated', 'access', 'refresh'],
      properties: {
        is_authenticated: { type: 'boolean' },
        access: { type: 'string' },
        refresh: { type: 'string' },
      },
    },
  },
} as const;

export const loginSchema = {
  summary: 'Log in with e-mail and password',
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 128 },
    },
  },
  response: {
    200: AuthenticatedByPassword,
    401: AllauthUnauthenticatedBody,
    ...allauthErrorResponses,
  },
} as const;

export const logoutSchema = {
  summary: 'Log out: revoke the refresh token family',
  body: {
    type: 'object',
    properties: {
      refresh: { type: 'string', maxLength: 4096 },
    },
  },
  response: {
    401: AllauthUnauthenticatedBody,
    ...allauthErrorResponses,
  },
} as const;
