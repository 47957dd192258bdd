import type { EntityManager } from 'typeorm';
import type { Aal, AmrEntry } from '@parley/contracts';
import { RefreshTokenEntity } from '../refresh-token.entity';

/** The sign-in's (refresh-token family's) level and methods now: its newest live token's. */
export async function assuranceOf(
  manager: EntityManager,
  userId: string,
  sessionId: string | undefined,
): Promise<{ aal: Aal; amr: AmrEntry[] }> {
  if (!sessionId) return { aal: 'aal1', amr: [] };
  const newest = await manager.findOne(RefreshTokenEntity, {
    where: { familyId: sessionId, userId },
    order: { createdAt: 'DESC' },
  });
  return newest && !newest.revokedAt ? { aal: newest.aal, amr: newest.amr } : { aal: 'aal1', amr: [] };
}
