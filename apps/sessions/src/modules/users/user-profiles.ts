import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { toIanaTimeZone } from '@parley/contracts';

/** What sessions keeps of each user, learned from identity's events: the time zone months are counted in. */
@Injectable()
export class UserProfiles {
  constructor(private readonly dataSource: DataSource) {}

  async timezone(userId: string, manager: EntityManager | DataSource = this.dataSource): Promise<string> {
    const rows: Array<{ timezone: string }> = await manager.query(
      `SELECT timezone FROM user_profiles WHERE user_id = $1`,
      [userId],
    );
    return toIanaTimeZone(rows[0]?.timezone ?? 'UTC');
  }
}

/** The calendar month (YYYY-MM) an instant falls in, in a time zone. */
export function monthIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: toIanaTimeZone(timeZone),
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: toIanaTimeZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
