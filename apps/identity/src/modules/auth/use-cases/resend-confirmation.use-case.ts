import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../users/user.entity';
import { EmailConfirmations } from '../email-confirmations';

/** POST /auth/v1/resend: a new link for an unconfirmed account; the same empty answer in every case. */
@Injectable()
export class ResendConfirmationUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly confirmations: EmailConfirmations,
  ) {}

  async execute(email: string): Promise<Record<string, never>> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email: email.toLowerCase() });
    if (user && !user.emailConfirmedAt) await this.confirmations.send(user);
    return {};
  }
}
