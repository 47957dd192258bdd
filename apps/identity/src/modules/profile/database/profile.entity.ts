import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per onboarded user. Properties keep the column (and wire) names of the spec's profile record,
 * so the answer is the row, with no mapping to drift.
 */
@Entity({ name: 'profiles' })
export class ProfileEntity {
  @PrimaryColumn('uuid')
  user_id!: string;

  @Column({ type: 'text', nullable: true })
  full_name!: string | null;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  communication_goals!: string[];

  @Column({ type: 'text', default: 'neutral' })
  tone_preference!: string;

  @Column({ type: 'text', nullable: true })
  experience_level!: string | null;

  @Column({ type: 'text', default: 'neutral' })
  avatar_style!: string;

  @Column({ type: 'text', default: 'en' })
  language!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
