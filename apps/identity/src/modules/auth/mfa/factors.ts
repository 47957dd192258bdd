import type { EntityManager } from 'typeorm';
import type { MfaFactor } from '@parley/contracts';
import { MfaFactorEntity } from './mfa-factor.entity';

/** The account's factors in the user object's wire format (GoTrue's `factors`). */
export async function factorsOf(manager: EntityManager, userId: string): Promise<MfaFactor[]> {
  const rows = await manager.find(MfaFactorEntity, { where: { userId }, order: { createdAt: 'ASC' } });
  return rows.map(toFactor);
}

export function toFactor(row: MfaFactorEntity): MfaFactor {
  return {
    id: row.id,
    friendly_name: row.friendlyName ?? '',
    factor_type: row.factorType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const hasVerified = (factors: MfaFactor[]): boolean => factors.some((f) => f.status === 'verified');

/** Whether the account signs in with a second factor: what the settings' `two_factor_enabled` reads. */
export async function hasVerifiedFactor(manager: EntityManager, userId: string): Promise<boolean> {
  return (await manager.countBy(MfaFactorEntity, { userId, status: 'verified' })) > 0;
}
