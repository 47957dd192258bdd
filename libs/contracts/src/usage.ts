import { z } from 'zod';

export { FREE_SESSIONS_PER_MONTH } from './constants';

/**
 * RPC `sessions.monthlyUsage`: the caller's sessions this calendar month, counted by sessions. The user is
 * the caller the gateway vouches for; a `userId`, when sent, must be that caller (403 otherwise).
 */
export const monthlyUsageRpcSchema = z.object({ userId: z.uuid().optional() });
export type MonthlyUsageRpc = z.infer<typeof monthlyUsageRpcSchema>;

export const monthlyUsageSchema = z.object({ used: z.number().int().nonnegative() });
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;
