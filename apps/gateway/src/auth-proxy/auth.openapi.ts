import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  authSessionSchema,
  authUserSchema,
  enrollFactorBodySchema,
  passwordGrantBodySchema,
  recoverBodySchema,
  VERIFY_TYPES,
  refreshGrantBodySchema,
  resendBodySchema,
  signUpBodySchema,
  updateUserBodySchema,
  verifyBodySchema,
  verifyFactorBodySchema,
} from '@parley/contracts';

/** The Supabase Auth (GoTrue) wire format under /auth/v1, and account deletion. */
export function registerAuthPaths(
  registry: OpenAPIRegistry,
  security: Array<Record<string, string[]>>,
  errors: (...codes: number[]) => Record<number, ResponseConfig>,
): void {
  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/signup',
    summary: 'Creates an account and e-mails a confirmation link (same answer for a taken address)',
    request: { body: { content: json(signUpBodySchema) } },
    responses: {
      200: { description: 'The (unconfirmed) user', content: json(authUserSchema) },
      ...errors(400, 422, 429),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/token',
    summary: 'Signs in (grant_type=password) or rotates a refresh token (grant_type=refresh_token)',
    request: {
      query: z.object({ grant_type: z.enum(['password', 'refresh_token']) }),
      body: { content: json(z.union([passwordGrantBodySchema, refreshGrantBodySchema])) },
    },
    responses: { 200: { description: 'A session', content: json(authSessionSchema) }, ...errors(400, 429) },
  });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/logout',
    summary: 'Ends sessions (scope global, local or others)',
    security,
    request: { query: z.object({ scope: z.enum(['global', 'local', 'others']).optional() }) },
    responses: { 204: { description: 'Signed out' }, ...errors(401) },
  });
  registry.registerPath({
    method: 'get',
    path: '/auth/v1/verify',
    summary:
      'The confirmation link: confirms and redirects to /auth/callback with the session in the fragment',
    request: {
      query: z.object({
        token: z.string(),
        type: z.enum(VERIFY_TYPES).optional(),
        redirect_to: z.string().optional(),
      }),
    },
    responses: {
      303: {
        description:
          'Redirect to redirect_to (inside PUBLIC_URL; /auth/reset-password for a recovery link, else /auth/callback) with the session, or the reason the link failed, in the fragment',
      },
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/verify',
    summary:
      'Uses the token of an e-mailed link (token or token_hash; signup, email, recovery or email_change) and returns a session',
    request: { body: { content: json(verifyBodySchema) } },
    responses: {
      200: { description: 'A session', content: json(authSessionSchema) },
      ...errors(400, 403, 429),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/recover',
    summary:
      'E-mails a single-use link that signs in to choose a new password (same answer for every address). One e-mail per address per minute: a second request within it, for any address, is refused with 429, error_code over_email_send_rate_limit and Retry-After in seconds, as GoTrue does',
    request: {
      query: z.object({ redirect_to: z.string().optional() }),
      body: { content: json(recoverBodySchema) },
    },
    responses: {
      200: { description: 'Sent if there was anything to send', content: json(z.object({})) },
      ...errors(400, 429),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/resend',
    summary: 'Sends a new confirmation link (same answer for every address)',
    request: { body: { content: json(resendBodySchema) } },
    responses: {
      200: { description: 'Sent if there was anything to send', content: json(z.object({})) },
      ...errors(400, 429),
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/auth/v1/user',
    summary:
      'Updates data.full_name; a new password (every other session ends); a new e-mail, with current_password or a nonce from /auth/v1/reauthenticate (takes effect once the link sent to it is opened; the same answer whether or not the address is taken; the old address is told and can undo it for 24 hours)',
    security,
    request: {
      query: z.object({ redirect_to: z.string().optional() }),
      body: { content: json(updateUserBodySchema) },
    },
    responses: {
      200: {
        description: 'The user (new_email: the address waiting for confirmation)',
        content: json(authUserSchema),
      },
      ...errors(400, 401, 422, 429, 503),
    },
  });
  const factorParams = z.object({ id: z.uuid() });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/factors',
    summary:
      'Enrols a TOTP second factor (unverified until a code is verified): the secret as text, otpauth:// URI and SVG QR code, and ten one-time recovery codes, shown this once. With a verified factor, needs aal2',
    security,
    request: { body: { content: json(enrollFactorBodySchema) } },
    responses: {
      200: {
        description: 'The new factor',
        content: json(
          z.object({
            id: z.uuid(),
            type: z.literal('totp'),
            friendly_name: z.string().optional(),
            totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
            recovery_codes: z.array(z.string()).length(10),
          }),
        ),
      },
      ...errors(400, 401, 403, 422, 429),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/factors/{id}/challenge',
    summary: "Opens a challenge on one of the caller's factors (five minutes to answer it)",
    security,
    request: { params: factorParams },
    responses: {
      200: {
        description: 'The challenge',
        content: json(z.object({ id: z.uuid(), type: z.literal('totp'), expires_at: z.number().int() })),
      },
      ...errors(400, 401, 404, 429),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/auth/v1/factors/{id}/verify',
    summary:
      'Verifies a code (the current 30-second step or one either side, never one used before), or one of the recovery codes once, against a challenge: the sign-in becomes aal2 and a new session is answered. Five wrong codes in five minutes lock the factor for the rest of the window',
    security,
    request: { params: factorParams, body: { content: json(verifyFactorBodySchema) } },
    responses: {
      200: { description: 'The aal2 session', content: json(authSessionSchema) },
      ...errors(400, 401, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/auth/v1/factors/{id}',
    summary: 'Removes a factor; a verified one only from an aal2 sign-in',
    security,
    request: { params: factorParams },
    responses: {
      200: { description: 'The removed factor', content: json(z.object({ id: z.uuid() })) },
      ...errors(400, 401, 403, 404, 429),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/auth/v1/reauthenticate',
    summary:
      "E-mails the signed-in user's confirmed address a six-digit code to send as `nonce` with a new e-mail (works once, 15 minutes; one a minute)",
    security,
    responses: {
      200: { description: 'Sent', content: json(z.object({})) },
      ...errors(400, 401, 429),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/user/{id}',
    summary: "Deletes the caller's own account and everything about it in every service",
    security,
    request: { params: z.object({ id: z.uuid() }) },
    responses: {
      200: { description: 'Deleted', content: json(z.object({ message: z.string() })) },
      ...errors(400, 401, 403, 404),
    },
  });
}
