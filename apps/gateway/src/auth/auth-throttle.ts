import { SetMetadata, type ExecutionContext } from '@nestjs/common';

const AUTH_THROTTLED = 'parley:auth-throttled';

/**
 * Puts a route under the stricter per-address `auth` limit (AUTH_RATE_LIMIT_PER_MINUTE) on top of the
 * general one: sign-up, sign-in, resend, verify.
 */
export const AuthThrottled = () => SetMetadata(AUTH_THROTTLED, true);

/** The `auth` throttler skips every route that is not marked. */
export function notAuthThrottled(context: ExecutionContext): boolean {
  return Reflect.getMetadata(AUTH_THROTTLED, context.getHandler()) !== true;
}
