import { Inject, Injectable, Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AUTH_ERRORS, revokedSessionKey } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';

/** Tries per revocation before the operation fails; the pauses between them (ms). */
export const REVOCATION_RETRY_DELAYS_MS = [0, 50, 200] as const;

/** A revocation Redis did not accept, after every try: the operation that asked for it must not succeed. */
export class RevocationFailed extends RpcError {
  constructor(readonly sessionIds: string[]) {
    super(503, AUTH_ERRORS.revocationFailed);
  }
}

/**
 * Access tokens are stateless JWTs; logout, refresh-token reuse and account deletion must still end them
 * before they expire. The identity service lists revoked session ids (refresh-token families) here for
 * the access-token lifetime.
 *
 * A revocation never fails silently (docs/adr/0027-revocation-fails-the-operation.md): every command's
 * reply is read, a refused write is tried again a few times, and when Redis still refuses, `revoke`
 * throws `RevocationFailed`. Callers revoke inside their database transaction, as its last step, so the
 * failure rolls the whole operation back and the person is told to try again.
 */
@Injectable()
export class SessionRevocations {
  private readonly logger = new Logger('SessionRevocations');

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async revoke(sessionIds: string[], ttlSeconds: number): Promise<void> {
    let pending = [...new Set(sessionIds)];
    let lastError = '';
    for (const delay of REVOCATION_RETRY_DELAYS_MS) {
      if (pending.length === 0) return;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const { refused, error } = await this.write(pending, ttlSeconds);
      pending = refused;
      lastError = error ?? lastError;
    }
    if (pending.length === 0) return;
    this.logger.error(`Redis refused to revoke ${pending.length} session(s): ${lastError}`);
    throw new RevocationFailed(pending);
  }

  /** One pipeline of SETs; answers the ids whose write Redis did not acknowledge with OK. */
  private async write(ids: string[], ttlSeconds: number): Promise<{ refused: string[]; error?: string }> {
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.set(revokedSessionKey(id), '1', 'EX', ttlSeconds);
    let replies: Array<[Error | null, unknown]> | null;
    try {
      replies = await pipeline.exec();
    } catch (error) {
      return { refused: ids, error: String(error) };
    }
    if (!replies) return { refused: ids, error: 'the pipeline was not run' };
    const refused: string[] = [];
    let error: string | undefined;
    ids.forEach((id, i) => {
      const [commandError, reply] = replies[i] ?? [new Error('no reply'), null];
      if (commandError || reply !== 'OK') {
        refused.push(id);
        error = commandError ? commandError.message : `unexpected reply ${String(reply)}`;
      }
    });
    return { refused, error };
  }
}
