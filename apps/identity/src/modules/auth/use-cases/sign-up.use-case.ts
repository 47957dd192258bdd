import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser, SignUpBody } from '@parley/contracts';
import { createEvent, Outbox } from '@parley/server-messaging';
import { RpcError } from '@parley/server-observability';
import { PasswordHasher } from '../../credentials/password-hasher';
import { passwordProblem } from '../../credentials/password-policy';
import { toAuthUser } from '../../users/users.rpc-controller';
import { UserEntity } from '../../users/user.entity';
import { EmailChanges } from '../email-changes';
import { EmailConfirmations } from '../email-confirmations';

/**
 * POST /auth/v1/signup. Creates an unconfirmed account and sends the confirmation e-mail. An address that
 * already has an account gets the same answer (and, if still unconfirmed, a new link), in the same time:
 * the response never tells whether an address is registered.
 */
@Injectable()
export class SignUpUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly hasher: PasswordHasher,
    private readonly confirmations: EmailConfirmations,
    private readonly emailChanges: EmailChanges,
  ) {}

  async execute(body: SignUpBody): Promise<AuthUser> {
    const problem = passwordProblem(body.password);
    if (problem) throw new RpcError(422, problem);
    const email = body.email.toLowerCase();
    const fullName = body.data?.full_name?.trim() || null;
    const passwordHash = await this.hasher.hash(body.password); // always, so both paths take as long

    const existing = await this.dataSource.getRepository(UserEntity).findOneBy({ email });
    // An address held for an e-mail change's undo link is taken too (ADR 0029).
    if (existing || (await this.emailChanges.addressHeld(email))) {
      if (existing && !existing.emailConfirmedAt) await this.confirmations.send(existing);
      return {
        id: randomUUID(),
        email,
        user_metadata: { full_name: fullName },
        email_confirmed_at: null,
        created_at: new Date().toISOString(),
      };
    }

    const user = await this.dataSource.transaction(async (manager) => {
      const created = manager.create(UserEntity, {
        id: randomUUID(),
        email,
        fullName,
        plan: 'free',
        emailConfirmedAt: null,
      });
      await manager.insert(UserEntity, created);
      await manager.query(`INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)`, [
        created.id,
        passwordHash,
      ]);
      await this.outbox.add(
        manager,
        createEvent('identity.user-registered', created.id, { email, fullName }),
      );
      return manager.findOneByOrFail(UserEntity, { id: created.id });
    });
    await this.confirmations.send(user);
    return toAuthUser(user);
  }
}
