import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTH_ERRORS, type AuthSession, type VerifyType } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { UserEntity } from '../../users/user.entity';
import { EmailChanges, type AfterCommit } from '../email-changes';
import { EmailConfirmations } from '../email-confirmations';
import type { LinkRefusal } from '../one-time-links';
import { PasswordRecoveries } from '../password-recoveries';
import { SessionIssuer } from '../session-issuer';

/**
 * GET/POST /auth/v1/verify: the link of any of Parley's e-mails, used once. A sign-up confirmation
 * confirms the address, a recovery link lets the person choose a new password, an e-mail change makes the
 * new address the account's (and tells the old one), an undo link gives the old address back and ends
 * every session; each signs the person in. With `email`, the link must be that address's.
 */
@Injectable()
export class VerifyEmailUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly confirmations: EmailConfirmations,
    private readonly recoveries: PasswordRecoveries,
    private readonly emailChanges: EmailChanges,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute(input: { type: VerifyType; token: string; email?: string }): Promise<AuthSession> {
    const after: AfterCommit[] = [];
    const outcome = await this.dataSource.transaction(async (manager) => {
      const user = await this.use(manager, input.type, input.token, after);
      if ('error' in user) return user;
      if (input.email && input.email.toLowerCase() !== user.email) {
        // Undo: a link presented with another address must not be spent by it.
        throw new RpcError(403, AUTH_ERRORS.confirmationInvalid);
      }
      // aal1 like any first factor: an account with a verified factor still needs its code (ADR 0035).
      return this.sessions.issue(manager, user, {}, input.type === 'recovery' ? 'recovery' : 'otp');
    });
    if ('error' in outcome) throw new RpcError(403, outcome.error);
    for (const job of after) await job();
    return outcome;
  }

  private async use(
    manager: EntityManager,
    type: VerifyType,
    token: string,
    after: AfterCommit[],
  ): Promise<UserEntity | LinkRefusal> {
    switch (type) {
      case 'recovery':
        return this.recoveries.consume(manager, token);
      case 'email_change': {
        const changed = await this.emailChanges.consume(manager, token);
        if ('error' in changed) return changed;
        after.push(changed.after);
        return changed.user;
      }
      case 'email_change_undo':
        return this.emailChanges.undo(manager, token);
      default: {
        const user = await this.confirmations.confirm(manager, token);
        return user ?? { error: AUTH_ERRORS.confirmationInvalid };
      }
    }
  }
}
