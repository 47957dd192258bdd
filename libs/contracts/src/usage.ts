import { z } from 'zod';

export { FREE_SESSIONS_PER_MONTH } from './constants';

/** RPC `sessions.monthlyUsage`: the user's completed sessions this calendar month, counted by sessions. */
export const monthlyUsageRpcSchema = z.object({ userId: z.uuid() });
export type MonthlyUsageRpc = z.infer<typeof monthlyUsageRpcSchema>;

export const monthlyUsageSchema = z.object({ used: z.number().int().nonnegative() });
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;
