import { ERRORS, type RpcRequest } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';

/**
 * The caller: the verified subject the gateway put in the RPC meta, never an id in the payload. Without
 * one the call is unauthenticated (401); a payload that names another user is refused (403), so no
 * identity RPC reads or changes someone else's account whatever its payload says.
 */
export function callerOf(request: RpcRequest, claimed?: string): string {
  const userId = request.meta?.userId;
  if (!userId) throw new RpcError(401, ERRORS.notAuthenticated);
  if (claimed !== undefined && claimed !== userId) throw new RpcError(403, ERRORS.forbidden);
  return userId;
}
