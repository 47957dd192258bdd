import type { AuthSession, EnrolledFactor, MfaChallenge } from '@parley/contracts';
import { requestJson } from '../../lib/http';
import { parseAuthSession } from './authSession';

/** The gateway's GoTrue-style second-factor endpoints (/auth/v1/factors, ADR 0035). */
const FACTORS = '/auth/v1/factors';

/** A new TOTP factor: its secret (text, URI, QR code as SVG) and recovery codes, shown this once. */
export async function enrollTotp(token: string): Promise<EnrolledFactor> {
  return requestJson<EnrolledFactor>(FACTORS, {
    method: 'POST',
    token,
    body: { factor_type: 'totp', friendly_name: 'Authenticator app' },
  });
}

/** Challenges the factor and answers it with the code: the new session at aal2. */
export async function verifyCode(token: string, factorId: string, code: string): Promise<AuthSession> {
  const challenge = await requestJson<MfaChallenge>(`${FACTORS}/${factorId}/challenge`, {
    method: 'POST',
    token,
    body: {},
  });
  const body = await requestJson<unknown>(`${FACTORS}/${factorId}/verify`, {
    method: 'POST',
    token,
    body: { challenge_id: challenge.id, code: code.trim() },
  });
  const session = parseAuthSession(body);
  if (!session) throw new Error('Invalid JSON response from server');
  return session;
}

export async function unenroll(token: string, factorId: string): Promise<void> {
  await requestJson<unknown>(`${FACTORS}/${factorId}`, { method: 'DELETE', token });
}

/** The QR code as an image source (GoTrue answers the bare SVG). */
export function qrCodeSource(svg: string): string {
  return `data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`;
}
