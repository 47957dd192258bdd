import { z } from 'zod';

/**
 * Every error the API answers with; a few also carry GoTrue's machine-readable `error_code` (such as
 * `over_email_send_rate_limit`, answered with a `Retry-After` header).
 */
export const errorBodySchema = z.object({ error: z.string(), error_code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERRORS = {
  notAuthenticated: 'User is not authenticated',
  forbidden: 'You do not have access to this resource',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please try again later',
  payloadTooLarge: 'Request body is too large',
  malformedJson: 'Request body is not valid JSON',
  internal: 'Internal server error',
  serviceUnavailable: 'Service temporarily unavailable',
} as const;

export const componentHealthSchema = z.object({
  status: z.enum(['up', 'down']),
  error: z.string().optional(),
  /** What the component is, when that helps an operator: e.g. coaching's AI provider and model. */
  detail: z.string().optional(),
});

export const serviceHealthSchema = z.object({
  status: z.enum(['up', 'down']),
  checks: z.record(z.string(), componentHealthSchema),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

export const systemHealthSchema = z.object({
  status: z.enum(['up', 'degraded']),
  services: z.record(z.string(), serviceHealthSchema),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
