import type { Aal, AmrEntry } from '@parley/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One refresh token of a session. A family is one sign-in; each refresh adds a child and uses the parent. */
@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'family_id', type: 'uuid' }) familyId!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'token_hash', type: 'text' }) tokenHash!: string;
  @Column({ name: 'parent_id', type: 'uuid', nullable: true }) parentId!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  /** The sign-in's assurance level and methods, copied to each child so a refresh keeps them. */
  @Column({ type: 'text', default: 'aal1' }) aal!: Aal;
  @Column({ type: 'jsonb', default: () => "'[]'" }) amr!: AmrEntry[];
}
