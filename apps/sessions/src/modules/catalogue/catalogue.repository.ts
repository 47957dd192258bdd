import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Scenario, ScenarioDefinition, ScenarioListQuery } from '@parley/contracts';
import type { Caller } from '../rpc-caller';

export interface ScenarioRow {
  id: string;
  category: string;
  title: string;
  description: string;
  tags: string[];
  difficulty: Scenario['difficulty'];
  time_estimate: string;
  user_role: string;
  ai_role: string;
  premium: boolean;
}

export const COLUMNS =
  'id, category, title, description, tags, difficulty, time_estimate, user_role, ai_role, premium';

export function toScenario(row: ScenarioRow, plan: 'free' | 'premium'): Scenario {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: row.tags,
    difficulty: row.difficulty,
    timeEstimate: row.time_estimate,
    userRole: row.user_role,
    aiRole: row.ai_role,
    premium: row.premium,
    locked: row.premium && plan !== 'premium',
  };
}

/** Days since 1970-01-01 of a calendar date string (YYYY-MM-DD). */
function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** The catalogue as people see it: free users see premium scenarios too, marked locked. */
@Injectable()
export class CatalogueRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(plan: 'free' | 'premium', query: ScenarioListQuery = {}): Promise<Scenario[]> {
    const where = ['retired_at IS NULL', 'owner_id IS NULL'];
    const params: unknown[] = [];
    if (query.search) {
      params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      where.push(
        `(title ILIKE ${p} OR description ILIKE ${p} OR EXISTS (SELECT 1 FROM unnest(tags) t WHERE t ILIKE ${p}))`,
      );
    }
    if (query.tag) {
      params.push(query.tag.toLowerCase());
      where.push(`EXISTS (SELECT 1 FROM unnest(tags) t WHERE lower(t) = $${params.length})`);
    }
    const rows: ScenarioRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM scenarios WHERE ${where.join(' AND ')} ORDER BY premium, position`,
      params,
    );
    return rows.map((r) => toScenario(r, plan));
  }

  /** A catalogue scenario, or one of the caller's own; anyone else's is not found. */
  async get(id: string, caller: Caller): Promise<Scenario | null> {
    const rows: ScenarioRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM scenarios WHERE id = $1 AND retired_at IS NULL AND (owner_id IS NULL OR owner_id = $2)`,
      [id, caller.userId],
    );
    return rows[0] ? toScenario(rows[0], caller.plan) : null;
  }

  /** What the AI needs to play the scenario: persona, goals, objectives. */
  async definition(id: string): Promise<ScenarioDefinition | null> {
    const rows: Array<{ definition: ScenarioDefinition }> = await this.dataSource.query(
      `SELECT definition FROM scenarios WHERE id = $1`,
      [id],
    );
    return rows[0]?.definition ?? null;
  }

  /**
   * The same scenario for everyone on a plan on a given calendar date, a different one every day: the
   * scenarios the plan can practise (a free user's card must be one they can start), walked with a
   * stride that shares no factor with their number, so consecutive days never repeat.
   */
  async daily(date: string, plan: 'free' | 'premium'): Promise<Scenario | null> {
    const rows: ScenarioRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM scenarios WHERE retired_at IS NULL AND owner_id IS NULL AND ($1 OR NOT premium) ORDER BY id`,
      [plan === 'premium'],
    );
    if (rows.length === 0) return null;
    const n = rows.length;
    let stride = Math.max(1, Math.floor(n * 0.618));
    while (gcd(stride, n) !== 1) stride += 1;
    return toScenario(rows[(dayNumber(date) * stride) % n]!, plan);
  }

  /** A scenario the caller can start right away (Surprise Me!). */
  async random(plan: 'free' | 'premium'): Promise<Scenario | null> {
    const rows: ScenarioRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM scenarios WHERE retired_at IS NULL AND owner_id IS NULL AND ($1 OR NOT premium) ORDER BY random() LIMIT 1`,
      [plan === 'premium'],
    );
    return rows[0] ? toScenario(rows[0], plan) : null;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
