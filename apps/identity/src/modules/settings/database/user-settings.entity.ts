import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The settings record of one user (spec section 3). Properties keep the column and wire names, so a
 * PATCH body maps onto the row field for field. Defaults live in the migration and in
 * `SETTINGS_DEFAULTS` (contracts), which the create path writes explicitly.
 */
@Entity({ name: 'user_settings' })
export class UserSettingsEntity {
  @PrimaryColumn('uuid')
  user_id!: string;

  @Column({ type: 'text' })
  display_name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  language!: string;

  @Column({ type: 'text' })
  timezone!: string;

  @Column({ type: 'boolean' })
  email_notifications!: boolean;

  @Column({ type: 'boolean' })
  in_app_notifications!: boolean;

  @Column({ type: 'boolean' })
  session_reminders!: boolean;

  @Column({ type: 'boolean' })
  progress_updates!: boolean;

  @Column({ type: 'boolean' })
  two_factor_enabled!: boolean;

  @Column({ type: 'boolean' })
  login_notifications!: boolean;

  @Column({ type: 'boolean' })
  show_xp_progress!: boolean;

  @Column({ type: 'boolean' })
  show_achievements!: boolean;

  @Column({ type: 'boolean' })
  show_leaderboard!: boolean;

  @Column({ type: 'boolean' })
  streak_reminders!: boolean;

  @Column({ type: 'boolean' })
  high_contrast_mode!: boolean;

  @Column({ type: 'boolean' })
  reduced_motion!: boolean;

  @Column({ type: 'text' })
  font_size!: string;

  @Column({ type: 'boolean' })
  screen_reader_optimized!: boolean;

  @Column({ type: 'text' })
  theme!: string;

  @Column({ type: 'boolean' })
  data_sync!: boolean;

  @Column({ type: 'boolean' })
  offline_mode!: boolean;

  @Column({ type: 'boolean' })
  performance_mode!: boolean;

  @Column({ type: 'boolean' })
  data_collection!: boolean;

  @Column({ type: 'boolean' })
  analytics_enabled!: boolean;

  @Column({ type: 'boolean' })
  marketing_emails!: boolean;

  @Column({ type: 'boolean' })
  session_recording!: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
