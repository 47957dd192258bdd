import type { RpcRequest } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';

export interface Caller {
  userId: string;
  plan: 'free' | 'premium';
}

/** The signed-in caller the gateway vouches for; every query of this service is scoped to it. */
export function callerOf(request: RpcRequest): Caller {
  const userId = request.meta?.userId;
  if (!userId) throw new RpcError(401, 'User is not authenticated');
  return { userId, plan: request.meta.plan === 'premium' ? 'premium' : 'free' };
}
