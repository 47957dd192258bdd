import { Controller, Delete, ForbiddenException, Param } from '@nestjs/common';
import { z } from 'zod';
import { ERRORS, RPC } from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';

const idParam = new ZodValidationPipe(z.uuid({ message: 'id must be a user id (uuid)' }));

/** DELETE /api/user/{id}: deletes one's own account and everything about it, in every service. */
@Controller('api/user')
export class AccountController {
  constructor(private readonly clients: ServiceClients) {}

  @Delete(':id')
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', idParam) id: string,
  ): Promise<{ message: string }> {
    if (id !== user.id) throw new ForbiddenException({ error: ERRORS.forbidden });
    return this.clients.send('identity', RPC.identity.deleteAccount, { id }, { userId: user.id });
  }
}
