import type { EntityManager } from 'typeorm';
import { AUTH_ERRORS } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { hashSecretToken, newSecretToken } from './secret-token';

/** The tables of single-use, expiring links other than sign-up confirmations (same shape, same rules). */
export type LinkTable = 'password_recoveries' | 'email_changes' | 'email_change_undos';

/** Why a link did not work, in the words the person sees. */
export type LinkRefusal = { error: string };

/**
 * Creates a link token for a user: the token goes into the e-mail, only its hash into the table. Older
 * unused links of the same kind for the same user stop working: only the newest one counts.
 */
export async function createLinkToken(
  manager: EntityManager,
  table: LinkTable,
  userId: string,
  ttlMs: number,
  extra: { new_email?: string } = {},
): Promise<string> {
  const token = newSecretToken();
  await manager.query(`UPDATE ${table} SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  const columns = ['token_hash', 'user_id', 'expires_at', ...Object.keys(extra)];
  const values = [hashSecretToken(token), userId, new Date(Date.now() + ttlMs), ...Object.values(extra)];
  await manager.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    values,
  );
  return token;
}

/**
 * Uses a link once. Returns its row, or why it was refused: already used, expired, or unknown (a token
 * that was never issued says no more than "invalid or expired").
 */
export async function consumeLinkToken<Row extends { user_id: string }>(
  manager: EntityManager,
  table: LinkTable,
  token: string,
  messages: { used: string; expired: string },
): Promise<Row | LinkRefusal> {
  const hash = hashSecretToken(token);
  const rows = await queryRows<Row>(
    manager,
    `UPDATE ${table} SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING *`,
    [hash],
  );
  if (rows[0]) return rows[0];
  const [known] = await queryRows<{ used_at: Date | null }>(
    manager,
    `SELECT used_at FROM ${table} WHERE token_hash = $1`,
    [hash],
  );
  if (!known) return { error: AUTH_ERRORS.confirmationInvalid };
  return { error: known.used_at ? messages.used : messages.expired };
}
