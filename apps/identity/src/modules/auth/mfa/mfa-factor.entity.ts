import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A second factor (TOTP). The secret is sealed (secret-box.ts); the last step used stops a code's replay. */
@Entity({ name: 'mfa_factors' })
export class MfaFactorEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'friendly_name', type: 'text', nullable: true }) friendlyName!: string | null;
  @Column({ name: 'factor_type', type: 'text' }) factorType!: 'totp';
  @Column({ type: 'text' }) status!: 'verified' | 'unverified';
  @Column({ name: 'secret_sealed', type: 'text' }) secretSealed!: string;
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true }) lastUsedStep!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** One challenge of a factor: a code is verified against it within CHALLENGE_TTL_SECONDS, once. */
@Entity({ name: 'mfa_challenges' })
export class MfaChallengeEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'factor_id', type: 'uuid' }) factorId!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** One recovery code of a factor, stored as a keyed digest; `usedAt` once it has stood in for a code. */
@Entity({ name: 'mfa_recovery_codes' })
export class MfaRecoveryCodeEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'factor_id', type: 'uuid' }) factorId!: string;
  @Column({ name: 'code_digest', type: 'text' }) codeDigest!: string;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
}
