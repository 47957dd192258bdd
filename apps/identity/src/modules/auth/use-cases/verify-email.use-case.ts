import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUTH_ERRORS, type AuthSession } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { EmailConfirmations } from '../email-confirmations';
import { SessionIssuer } from '../session-issuer';

/** GET/POST /auth/v1/verify: the confirmation link. Confirms the address and signs the person in. */
@Injectable()
export class VerifyEmailUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly confirmations: EmailConfirmations,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute(token: string): Promise<AuthSession> {
    const session = await this.dataSource.transaction(async (manager) => {
      const user = await this.confirmations.confirm(manager, token);
      return user ? this.sessions.issue(manager, user) : null;
    });
    if (!session) throw new RpcError(403, AUTH_ERRORS.confirmationInvalid);
    return session;
  }
}
