import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DataSource, Repository } from 'typeorm';
import { z } from 'zod';
import { ERRORS, RPC, type AuthUser, type MfaFactor, type RpcRequest } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { factorsOf } from '../auth/mfa/factors';
import { callerOf } from './caller';
import { UserEntity } from './user.entity';

const getUserSchema = z.object({ id: z.uuid().optional() });

/** The user object; `factors` only when the account has some (GoTrue leaves it out otherwise). */
export function toAuthUser(user: UserEntity, factors: MfaFactor[] = []): AuthUser {
  return {
    ...(factors.length > 0 ? { factors } : {}),
    id: user.id,
    email: user.email,
    user_metadata: { full_name: user.fullName },
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

@Controller()
export class UsersRpcController {
  private readonly users: Repository<UserEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  /** GET /auth/v1/user: the signed-in user, the caller's own account whatever id the payload names. */
  @MessagePattern(RPC.identity.getUser)
  async getUser(@Payload() request: RpcRequest): Promise<AuthUser> {
    const id = callerOf(request, getUserSchema.parse(request.data).id);
    const user = await this.users.findOneBy({ id });
    if (!user) throw new RpcError(404, ERRORS.notFound);
    return toAuthUser(user, await factorsOf(this.dataSource.manager, user.id));
  }
}
