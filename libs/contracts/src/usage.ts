import { z } from 'zod';

/** Free plan: practice sessions per calendar month, in the user's time zone (spec section 9). */
export const FREE_SESSIONS_PER_MONTH = 5;

/** RPC `sessions.monthlyUsage`: the user's completed sessions this calendar month, counted by sessions. */
export const monthlyUsageRpcSchema = z.object({ userId: z.uuid() });
export type MonthlyUsageRpc = z.infer<typeof monthlyUsageRpcSchema>;

export const monthlyUsageSchema = z.object({ used: z.number().int().nonnegative() });
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;
