import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '@parley/server-database';
import type { CustomScenario, CustomScenarioBody, ScenarioDefinition } from '@parley/contracts';
import { COLUMNS, toScenario, type ScenarioRow } from './catalogue.repository';

type CustomRow = ScenarioRow & { custom: CustomScenarioBody; created_at: Date; updated_at: Date };

/** The library shows the learner's own tags as written; drafted ones when they gave none. */
function shownTags(body: CustomScenarioBody, definition: ScenarioDefinition): string[] {
  return body.tags?.length ? body.tags : definition.tags;
}

const SELECT = `SELECT ${COLUMNS}, custom, created_at, updated_at FROM scenarios`;

function toCustom(row: CustomRow): CustomScenario {
  return {
    ...toScenario(row, 'premium'),
    custom: true,
    persona: row.custom.persona ?? '',
    personaGoals: row.custom.personaGoals ?? [],
    holdsFirmOn: row.custom.holdsFirmOn ?? [],
    learnerObjectives: row.custom.learnerObjectives ?? [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A learner's own scenarios: rows of the scenarios table with an owner, so sessions point at them like at
 * catalogue ones. Every read and write is scoped to the owner; deleting retires the row (past sessions
 * keep their title and transcript) and hides it everywhere.
 */
@Injectable()
export class CustomScenariosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(userId: string): Promise<CustomScenario[]> {
    const rows: CustomRow[] = await this.dataSource.query(
      `${SELECT} WHERE owner_id = $1 AND retired_at IS NULL ORDER BY created_at DESC, id`,
      [userId],
    );
    return rows.map(toCustom);
  }

  async get(
    userId: string,
    id: string,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<CustomScenario | null> {
    const rows: CustomRow[] = await manager.query(
      `${SELECT} WHERE id = $1 AND owner_id = $2 AND retired_at IS NULL`,
      [id, userId],
    );
    return rows[0] ? toCustom(rows[0]) : null;
  }

  async countKept(manager: EntityManager, userId: string): Promise<number> {
    const rows: Array<{ n: string }> = await manager.query(
      `SELECT count(*) AS n FROM scenarios WHERE owner_id = $1 AND retired_at IS NULL`,
      [userId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async insert(
    manager: EntityManager,
    userId: string,
    body: CustomScenarioBody,
    definition: ScenarioDefinition,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO scenarios (id, category, title, description, tags, difficulty, time_estimate, user_role, ai_role,
         premium, definition, position, owner_id, custom)
       VALUES ($1, 'custom', $2, $3, $4, $5, $6, $7, $8, false, $9, 0, $10, $11)`,
      [
        definition.id,
        body.title,
        body.description,
        shownTags(body, definition),
        definition.difficulty,
        definition.timeEstimate,
        body.userRole,
        body.aiRole,
        JSON.stringify(definition),
        userId,
        JSON.stringify(body),
      ],
    );
  }

  /** Rewrites the caller's scenario; false when it is not theirs (or is gone). */
  async update(
    manager: EntityManager,
    userId: string,
    body: CustomScenarioBody,
    definition: ScenarioDefinition,
  ): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `UPDATE scenarios SET title = $3, description = $4, tags = $5, difficulty = $6, user_role = $7, ai_role = $8,
         definition = $9, custom = $10, updated_at = now()
       WHERE id = $1 AND owner_id = $2 AND retired_at IS NULL RETURNING id`,
      [
        definition.id,
        userId,
        body.title,
        body.description,
        shownTags(body, definition),
        definition.difficulty,
        body.userRole,
        body.aiRole,
        JSON.stringify(definition),
        JSON.stringify(body),
      ],
    );
    return rows.length > 0;
  }

  async retire(userId: string, id: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE scenarios SET retired_at = now() WHERE id = $1 AND owner_id = $2 AND retired_at IS NULL RETURNING id`,
      [id, userId],
    );
    return rows.length > 0;
  }
}
