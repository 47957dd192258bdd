import { Controller, Get } from '@nestjs/common';
import { RPC, type AuthUser } from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
import { ServiceClients } from '../rpc/service-clients';

/** The Supabase Auth (GoTrue) wire format under /auth/v1. */
@Controller('auth/v1')
export class AuthUserController {
  constructor(private readonly clients: ServiceClients) {}

  /** GET /auth/v1/user: the signed-in user, always the token's own subject. */
  @Get('user')
  user(@CurrentUser() user: AuthenticatedUser): Promise<AuthUser> {
    return this.clients.send<AuthUser>(
      'identity',
      RPC.identity.getUser,
      { id: user.id },
      { userId: user.id },
    );
  }
}
