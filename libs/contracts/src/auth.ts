import { z } from 'zod';

/** The user object of the Supabase Auth (GoTrue) wire format, as much of it as Parley fills. */
export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  user_metadata: z.object({ full_name: z.string().nullable().optional() }),
  email_confirmed_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_at: z.number().int(),
  expires_in: z.number().int(),
  token_type: z.literal('bearer'),
  user: authUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** Claims the gateway reads from a verified access token. */
export interface AccessTokenClaims {
  sub: string;
  email?: string;
  role?: string;
  plan?: 'free' | 'premium';
}
