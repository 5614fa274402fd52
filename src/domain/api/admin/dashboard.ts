import { z } from '../../zod.js';
import { defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';
import { AdminOrderSummarySchema } from './orders.js';

/** The dashboard: what needs a person now, and the last 30 days. */

export const DashboardSchema = z.object({
  attention: z.object({ count: z.number().int(), orders: z.array(AdminOrderSummarySchema) }),
  /** The last 30 days in the UK, oldest first, every day present (zeros included). */
  days: z.array(
    z.object({ day: z.string(), orders: z.number().int(), revenuePence: z.number().int() }),
  ),
  mail: z.object({ failed: z.number().int(), unknown: z.number().int() }),
  unreadMessages: z.number().int(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const getAdminDashboard = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/dashboard',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'What needs a person now, and the last 30 days',
  description:
    'Orders needing attention (count, and the 20 newest), paid orders and their amounts per day for 30 days, mail that failed or whose delivery is unknown, unread contact messages.',
  responses: { 200: DashboardSchema.describe('The dashboard'), ...ADMIN_ERRORS },
});
