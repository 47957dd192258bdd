/**
 * Request/response message patterns between the gateway and the services (TCP transport).
 * Each pattern is spelled here once; handlers and callers import it.
 */
export const RPC = {
  health: { ready: 'health.ready' },
  identity: {
    getUser: 'identity.user.get',
  },
} as const;

/** Who the gateway is calling on behalf of and under which request id; travels with every RPC. */
export interface RpcMeta {
  requestId: string;
  userId?: string;
}

export interface RpcRequest<T = unknown> {
  meta: RpcMeta;
  data: T;
}

/** How a service reports a failure that the gateway turns into an HTTP status and `{"error": ...}`. */
export interface RpcErrorBody {
  status: number;
  error: string;
}

export const SERVICE_NAMES = ['identity', 'sessions', 'coaching', 'gamification', 'export'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
