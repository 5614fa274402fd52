import { z } from '../zod.js';
import { defineRoute } from './define-route.js';
import { SESSION_ROUTE } from './entry-routes.js';

export const SessionSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

export const getSession = defineRoute({
  ...SESSION_ROUTE,
  tag: 'Session',
  summary: 'Who is signed in',
  description:
    'The web app shows its loading screen until this answers. Until accounts exist every visitor is a guest (`user: null`).',
  responses: { 200: SessionSchema.describe('The signed-in user, or null for a guest') },
});
