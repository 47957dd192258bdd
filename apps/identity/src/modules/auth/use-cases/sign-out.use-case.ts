import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SignOutScope } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { IDENTITY_ENV, type IdentityConfig } from '../../../identity.config';
import { SessionRevocations } from '../session-revocations';

/**
 * POST /auth/v1/logout. `global` (default) ends every session of the user, `local` only the current one,
 * `others` every other one. Refresh tokens are revoked and the access tokens stop at the gateway.
 */
@Injectable()
export class SignOutUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  async execute(input: { userId: string; sessionId?: string; scope: SignOutScope }): Promise<void> {
    const { userId, sessionId } = input;
    const scope = sessionId ? input.scope : 'global';
    const where = scope === 'local' ? 'AND family_id = $2' : scope === 'others' ? 'AND family_id <> $2' : '';
    // The revocation is the transaction's last step: if Redis refuses it, no refresh token is revoked
    // either and the person is told to try again (ADR 0027).
    await this.dataSource.transaction(async (manager) => {
      const rows = await queryRows<{ family_id: string }>(
        manager,
        `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL ${where} RETURNING family_id`,
        scope === 'global' ? [userId] : [userId, sessionId],
      );
      const families = new Set(rows.map((r) => r.family_id));
      if (scope !== 'others' && sessionId) families.add(sessionId);
      await this.revocations.revoke([...families], this.env.ACCESS_TOKEN_TTL_SECONDS);
    });
  }
}
