import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DataSource, Repository } from 'typeorm';
import { z } from 'zod';
import { ERRORS, RPC, type AuthUser, type RpcRequest } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { callerOf } from './caller';
import { UserEntity } from './user.entity';

const getUserSchema = z.object({ id: z.uuid().optional() });

export function toAuthUser(user: UserEntity): AuthUser {
  return {
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

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  /** GET /auth/v1/user: the signed-in user, the caller's own account whatever id the payload names. */
  @MessagePattern(RPC.identity.getUser)
  async getUser(@Payload() request: RpcRequest): Promise<AuthUser> {
    const id = callerOf(request, getUserSchema.parse(request.data).id);
    const user = await this.users.findOneBy({ id });
    if (!user) throw new RpcError(404, ERRORS.notFound);
    return toAuthUser(user);
  }
}
