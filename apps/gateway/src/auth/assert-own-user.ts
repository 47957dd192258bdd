import { ForbiddenException } from '@nestjs/common';
import { ERRORS } from '@parley/contracts';
import type { AuthenticatedUser } from './access-token';

/**
 * Every user id in a path or body must be the token's subject: another user's id gets 403 and no data.
 * UUIDs compare case-insensitively.
 */
export function assertOwnUser(user: AuthenticatedUser, id: string): void {
  if (id.toLowerCase() !== user.id.toLowerCase()) throw new ForbiddenException({ error: ERRORS.forbidden });
}
