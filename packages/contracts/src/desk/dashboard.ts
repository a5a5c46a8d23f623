import { z } from 'zod';

/**
 * `GET /api/blade-desk/dashboard`: what the home page shows the caller. `counts` holds only what the caller may
 * list (each resource's `_view` permission; tenants for the platform superuser), counted within the caller's
 * tenant and data scope. `todo` holds work waiting for the caller, e.g. accounts awaiting approval. Teaching
 * modules add their own counters and to-dos on the server; the home page shows whatever arrives.
 */
export const dashboardSchema = z.object({
  counts: z.array(z.object({ key: z.string(), value: z.number().int() })),
  todo: z.array(z.object({ key: z.string(), count: z.number().int(), path: z.string() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
