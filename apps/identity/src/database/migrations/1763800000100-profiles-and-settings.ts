import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * The onboarding profile and the settings record, one row per user each, removed with the user.
 * Option lists are validated by the contracts (libs/contracts/src/profile.ts), not by CHECKs here, so a
 * new choice needs no migration; defaults are the spec's (section 3).
 */
export class ProfilesAndSettings1763800000100 implements MigrationInterface {
  name = 'ProfilesAndSettings1763800000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".profiles (
      user_id uuid PRIMARY KEY REFERENCES "${s}".users (id) ON DELETE CASCADE,
      full_name text CHECK (char_length(full_name) <= 100),
      communication_goals text[] NOT NULL DEFAULT '{}',
      tone_preference text NOT NULL DEFAULT 'neutral',
      experience_level text,
      avatar_style text NOT NULL DEFAULT 'neutral',
      language text NOT NULL DEFAULT 'en',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "${s}".user_settings (
      user_id uuid PRIMARY KEY REFERENCES "${s}".users (id) ON DELETE CASCADE,
      display_name text NOT NULL DEFAULT '' CHECK (char_length(display_name) <= 100),
      email text NOT NULL DEFAULT '',
      language text NOT NULL DEFAULT 'en',
      timezone text NOT NULL DEFAULT 'UTC',
      email_notifications boolean NOT NULL DEFAULT true,
      in_app_notifications boolean NOT NULL DEFAULT true,
      session_reminders boolean NOT NULL DEFAULT true,
      progress_updates boolean NOT NULL DEFAULT true,
      two_factor_enabled boolean NOT NULL DEFAULT false,
      login_notifications boolean NOT NULL DEFAULT true,
      show_xp_progress boolean NOT NULL DEFAULT true,
      show_achievements boolean NOT NULL DEFAULT true,
      show_leaderboard boolean NOT NULL DEFAULT true,
      streak_reminders boolean NOT NULL DEFAULT true,
      high_contrast_mode boolean NOT NULL DEFAULT false,
      reduced_motion boolean NOT NULL DEFAULT false,
      font_size text NOT NULL DEFAULT 'medium',
      screen_reader_optimized boolean NOT NULL DEFAULT false,
      theme text NOT NULL DEFAULT 'system',
      data_sync boolean NOT NULL DEFAULT true,
      offline_mode boolean NOT NULL DEFAULT false,
      performance_mode boolean NOT NULL DEFAULT false,
      data_collection boolean NOT NULL DEFAULT true,
      analytics_enabled boolean NOT NULL DEFAULT true,
      marketing_emails boolean NOT NULL DEFAULT false,
      session_recording boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}".user_settings`);
    await q.query(`DROP TABLE "${s}".profiles`);
  }
}
