import { z } from 'zod';
import { text } from './text';

/** The user object of the Supabase Auth (GoTrue) wire format, as much of it as Parley fills. */
export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  user_metadata: z.object({ full_name: z.string().nullable().optional() }),
  email_confirmed_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  /** An e-mail change waiting for the new address to be confirmed (GoTrue's `new_email`). */
  new_email: z.string().nullable().optional(),
  /** Second factors (GoTrue's `factors`, absent when there are none): what `mfa.listFactors` reads. */
  factors: z.array(z.lazy(() => mfaFactorSchema)).optional(),
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

/** Authenticator assurance: `aal2` once a second factor was verified in this sign-in. */
export const AAL = ['aal1', 'aal2'] as const;
export type Aal = (typeof AAL)[number];

/** How a sign-in was authenticated, as GoTrue's `amr` claim lists it. */
export interface AmrEntry {
  method: 'password' | 'otp' | 'recovery' | 'totp' | 'mfa/recovery-code';
  timestamp: number;
}

/** Claims the gateway reads from a verified access token. */
export interface AccessTokenClaims {
  sub: string;
  email?: string;
  role?: string;
  plan?: 'free' | 'premium';
  aal?: Aal;
  amr?: AmrEntry[];
  /** Parley's own: present on an `aal1` token of an account with a verified factor (the code is due). */
  next_aal?: Aal;
}

/* Request bodies of the /auth/v1 endpoints (Supabase Auth wire format). */

const email = z
  .string({ message: 'email is required' })
  .trim()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email({ message: 'Unable to validate email address: invalid format' }));

/** Length rules only; the common-password check runs in the identity service, which ships the list. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const password = z.string({ message: 'password is required' }).max(1024, 'password is too long');

export const fullNameSchema = text({
  max: 100,
  trim: true,
  messages: { tooLong: 'full_name must be at most 100 characters' },
});

export const signUpBodySchema = z.object({
  email,
  password,
  data: z.object({ full_name: fullNameSchema.optional() }).loose().optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const passwordGrantBodySchema = z.object({ email, password });
export type PasswordGrantBody = z.infer<typeof passwordGrantBodySchema>;

export const refreshGrantBodySchema = z.object({
  refresh_token: text({ min: 1, max: 200 }),
});
export type RefreshGrantBody = z.infer<typeof refreshGrantBodySchema>;

/**
 * PUT /auth/v1/user: any of the name (`data.full_name`), a new password (the same rules as sign-up; every
 * other session of the account ends), a new e-mail address (takes effect once the link sent to it is
 * opened). A new address needs re-authentication, as supabase-js sends it: `current_password`, or the
 * `nonce` that `GET /auth/v1/reauthenticate` e-mailed. Other fields the Supabase client sends
 * (`code_challenge`…) are ignored.
 */
export const updateUserBodySchema = z
  .object({
    data: z.object({ full_name: fullNameSchema }).strict().optional(),
    email: email.optional(),
    password: password.optional(),
    current_password: password.optional(),
    nonce: text({ min: 1, max: 20 }).optional(),
  })
  .refine((body) => body.data !== undefined || body.email !== undefined || body.password !== undefined, {
    error: 'Provide data, email or password to change',
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const resendBodySchema = z.object({ type: z.literal('signup'), email });
export type ResendBody = z.infer<typeof resendBodySchema>;

/**
 * What a link in Parley's e-mails proves: a new account's address, a forgotten password, a new address,
 * or (sent to the old address after a change) that the change was not the owner's and is to be undone.
 */
export const VERIFY_TYPES = ['signup', 'email', 'recovery', 'email_change', 'email_change_undo'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

/**
 * POST /auth/v1/verify: the token of an e-mailed link, as `token` or (the Supabase client's
 * `verifyOtp({ token_hash, type })`) `token_hash`. With `email`, the link must be that address's.
 */
export const verifyBodySchema = z
  .object({
    type: z.enum(VERIFY_TYPES),
    token: text({ min: 1, max: 200 }).optional(),
    token_hash: text({ min: 1, max: 200 }).optional(),
    email: email.optional(),
  })
  .refine((body) => body.token !== undefined || body.token_hash !== undefined, {
    error: 'token or token_hash is required',
    when: (payload) => payload.issues.length === 0,
  });
export type VerifyBody = z.infer<typeof verifyBodySchema>;

/** POST /auth/v1/recover: e-mails a link that signs the person in to choose a new password. */
export const recoverBodySchema = z.object({ email });
export type RecoverBody = z.infer<typeof recoverBodySchema>;

export const signOutScopeSchema = z.enum(['global', 'local', 'others']).default('global');
export type SignOutScope = z.infer<typeof signOutScopeSchema>;

/* Second factors (TOTP) under /auth/v1/factors, as supabase-js `auth.mfa` calls them. */

export const mfaFactorSchema = z.object({
  id: z.uuid(),
  friendly_name: z.string().optional(),
  factor_type: z.literal('totp'),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MfaFactor = z.infer<typeof mfaFactorSchema>;

/** POST /auth/v1/factors: only TOTP; `issuer` names the account in the authenticator app. */
export const enrollFactorBodySchema = z.object({
  factor_type: z.literal('totp', { message: 'factor_type must be totp' }),
  friendly_name: text({ max: 100, trim: true }).optional(),
  issuer: text({ max: 100, trim: true }).optional(),
});
export type EnrollFactorBody = z.infer<typeof enrollFactorBodySchema>;

/** The answer to an enrolment: the secret, once, as text, as an otpauth:// URI and as an SVG QR code. */
export interface EnrolledFactor {
  id: string;
  type: 'totp';
  friendly_name?: string;
  totp: { qr_code: string; secret: string; uri: string };
  /** Parley's own: ten one-time codes that stand in for the authenticator, shown this once. */
  recovery_codes?: string[];
}

export interface MfaChallenge {
  id: string;
  type: 'totp';
  expires_at: number;
}

/** POST /auth/v1/factors/{id}/verify: six digits from the authenticator, or a recovery code. */
export const verifyFactorBodySchema = z.object({
  challenge_id: z.uuid({ message: 'challenge_id must be a challenge id' }),
  code: text({ min: 1, max: 40, trim: true }),
});
export type VerifyFactorBody = z.infer<typeof verifyFactorBodySchema>;

/** Messages the auth endpoints answer with; the web client shows them as they are. */
export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  accountLocked: 'Too many failed sign-in attempts for this account. Try again later.',
  passwordTooShort: `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another one.',
  refreshTokenNotFound: 'Invalid Refresh Token: Refresh Token Not Found',
  refreshTokenAlreadyUsed: 'Invalid Refresh Token: Already Used',
  refreshTokenExpired: 'Invalid Refresh Token: Expired',
  confirmationInvalid: 'Email link is invalid or has expired',
  recoveryLinkUsed: 'This password reset link has already been used. Ask for a new one.',
  recoveryLinkExpired: 'This password reset link has expired. Ask for a new one.',
  samePassword: 'New password should be different from the old password.',
  reauthenticationNeeded: 'Email change requires reauthentication',
  nonceInvalid: 'Nonce has expired or is invalid',
  currentPasswordInvalid: 'Current password is incorrect',
  reauthenticateTooSoon: 'For security purposes, you can only request this once every 60 seconds',
  verifyEmailFirst: 'Please verify your email first.',
  mfaCodeInvalid: 'Invalid TOTP code entered',
  mfaChallengeExpired: 'MFA challenge has expired, verify against another challenge or create a new one',
  mfaChallengeNotFound: 'MFA challenge not found',
  mfaFactorNotFound: 'Factor not found',
  mfaFriendlyNameTaken: 'A factor with that friendly name already exists',
  mfaTooManyAttempts: 'Too many verification attempts. Wait a few minutes and try again.',
  mfaTooManyFactors: 'Maximum number of verified factors reached, unenroll to continue',
  aal2Required: 'AAL2 required',
  aal2RequiredForUpdate: 'AAL2 session is required to update email or password when MFA is enabled.',
  /** Redis would not record the ended sessions: nothing was changed, so the person can simply retry. */
  revocationFailed:
    'Your sessions could not be signed out just now, so nothing was changed. Please try again.',
} as const;

/** GoTrue's machine-readable reasons (`error_code` in an error body) that a client acts on. */
export const AUTH_ERROR_CODES = {
  /** A second e-mail to the same address inside its window (429, with Retry-After). */
  overEmailSendRateLimit: 'over_email_send_rate_limit',
} as const;

/** GoTrue's message for `over_email_send_rate_limit`: how many seconds until another e-mail may be asked for. */
export function emailSendRateLimitMessage(seconds: number): string {
  return `For security purposes, you can only request this after ${seconds} seconds.`;
}

/**
 * Redis key listing a revoked session (refresh-token family): identity writes it when a session ends
 * (logout, refresh-token reuse, account deletion); the gateway refuses access tokens of that session.
 */
export function revokedSessionKey(sessionId: string): string {
  return `auth:revoked-session:${sessionId}`;
}

/**
 * Redis key set by identity, for one access-token lifetime, when an account's first factor is verified:
 * the gateway then refuses the `aal1` tokens issued before (which carry no `next_aal`) at once.
 */
export function mfaEnabledKey(userId: string): string {
  return `auth:mfa-enabled:${userId}`;
}
