import { authenticatedErrorResponses } from '../../../schemas/common.js';

export const Profile = {
  type: 'object',
  required: ['id', 'email', 'first_name', 'last_name', 'display_name', 'phone'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    display_name: { type: 'string' },
    phone: { type: ['string', 'null'] },
  },
} as const;

export const getProfileSchema = {
  summary: 'The logged-in user',
  response: {
    200: Profile,
    ...authenticatedErrorResponses,
  },
} as const;
