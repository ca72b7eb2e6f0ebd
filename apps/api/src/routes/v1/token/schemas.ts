import { DrfErrorBody, drfErrorResponses } from '../../../schemas/common.js';

export interface RefreshBody {
  refresh: string;
}

export const refreshSchema = {
  summary: 'Exchange a refresh token for a new access and refresh token (rotation)',
  body: {
    type: 'object',
    required: ['refresh'],
    properties: {
      refresh: { type: 'string', minLength: 1, maxLength: 4096 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['access', 'refresh'],
      properties: {
        access: { type: 'string' },
        refresh: { type: 'string' },
      },
    },
    401: DrfErrorBody,
    ...drfErrorResponses,
  },
} as const;
