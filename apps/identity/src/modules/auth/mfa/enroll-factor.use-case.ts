import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import * as QRCode from 'qrcode';
import { DataSource } from 'typeorm';
import { AUTH_ERRORS, type EnrollFactorBody, type EnrolledFactor } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { UserEntity } from '../../users/user.entity';
import { assuranceOf } from './assurance';
import { MfaFactorEntity, MfaRecoveryCodeEntity } from './mfa-factor.entity';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { SecretBox } from './secret-box';
import { newTotpSecret, totpUri } from './totp';

/**
 * POST /auth/v1/factors: a new, unverified TOTP factor. The secret is answered this once (as text, URI
 * and QR code) and kept sealed. An account has at most one verified factor; adding one while another is
 * verified needs aal2. Earlier unverified factors (an enrolment never finished) are dropped. Ten one-time
 * recovery codes come with it (Parley's `recovery_codes`), shown this once and kept as digests; they work
 * once the factor is verified.
 */
@Injectable()
export class EnrollFactorUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SecretBox) private readonly box: SecretBox,
  ) {}

  async execute(input: {
    userId: string;
    sessionId?: string;
    body: EnrollFactorBody;
  }): Promise<EnrolledFactor> {
    const secret = newTotpSecret();
    const id = randomUUID();
    const recoveryCodes = newRecoveryCodes();
    const { user, friendlyName } = await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { id: input.userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new RpcError(404, AUTH_ERRORS.mfaFactorNotFound);
      const existing = await manager.find(MfaFactorEntity, { where: { userId: user.id } });
      if (existing.some((f) => f.status === 'verified')) {
        const { aal } = await assuranceOf(manager, user.id, input.sessionId);
        if (aal !== 'aal2') throw new RpcError(403, AUTH_ERRORS.aal2Required);
        throw new RpcError(422, AUTH_ERRORS.mfaTooManyFactors);
      }
      await manager.delete(MfaFactorEntity, { userId: user.id, status: 'unverified' });
      const friendlyName = input.body.friendly_name || null;
      const now = new Date();
      await manager.insert(MfaFactorEntity, {
        id,
        userId: user.id,
        friendlyName,
        factorType: 'totp',
        status: 'unverified',
        secretSealed: this.box.seal(secret, id),
        lastUsedStep: null,
        createdAt: now,
        updatedAt: now,
      });
      await manager.insert(
        MfaRecoveryCodeEntity,
        recoveryCodes.map((code) => ({
          id: randomUUID(),
          factorId: id,
          codeDigest: this.box.digest(normalizeRecoveryCode(code)!),
          usedAt: null,
        })),
      );
      return { user, friendlyName };
    });
    const uri = totpUri(secret, input.body.issuer || 'Parley', user.email);
    // GoTrue answers the bare SVG; supabase-js prefixes it into a data: URI the page can show as an image.
    const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      id,
      type: 'totp',
      ...(friendlyName ? { friendly_name: friendlyName } : {}),
      totp: { qr_code: qr, secret, uri },
      recovery_codes: recoveryCodes,
    };
  }
}
