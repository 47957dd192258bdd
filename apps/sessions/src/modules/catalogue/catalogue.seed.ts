import type { DataSource } from 'typeorm';
import { loadCatalogue } from './catalogue.data';

/**
 * Makes the scenarios table match the data files: inserts and updates every scenario, and retires the
 * ones no longer in the files (kept, because past sessions point at them). Runs after the migrations.
 */
export async function seedCatalogue(dataSource: DataSource): Promise<string> {
  const scenarios = loadCatalogue();
  await dataSource.transaction(async (manager) => {
    for (const [position, s] of scenarios.entries()) {
      await manager.query(
        `INSERT INTO scenarios (id, category, title, description, tags, difficulty, time_estimate, user_role, ai_role, premium, definition, position, retired_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL, now())
         ON CONFLICT (id) DO UPDATE SET category = $2, title = $3, description = $4, tags = $5, difficulty = $6,
           time_estimate = $7, user_role = $8, ai_role = $9, premium = $10, definition = $11, position = $12,
           retired_at = NULL, updated_at = now()`,
        [
          s.id,
          s.category,
          s.title,
          s.description,
          s.tags,
          s.difficulty,
          s.timeEstimate,
          s.userRole,
          s.aiRole,
          s.premium,
          JSON.stringify(s),
          position,
        ],
      );
    }
    await manager.query(
      `UPDATE scenarios SET retired_at = now() WHERE retired_at IS NULL AND owner_id IS NULL AND NOT (id = ANY($1::text[]))`,
      [scenarios.map((s) => s.id)],
    );
  });
  return `catalogue: ${scenarios.length} scenarios (${scenarios.filter((s) => !s.premium).length} free)`;
}
