import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../../users/user.entity';

/** The plan of the account with this e-mail, or null when there is none. */
@Injectable()
export class ShowPlanUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute(email: string): Promise<Pick<UserEntity, 'id' | 'email' | 'plan'> | null> {
    return this.dataSource.getRepository(UserEntity).findOne({
      where: { email },
      select: { id: true, email: true, plan: true },
    });
  }
}
