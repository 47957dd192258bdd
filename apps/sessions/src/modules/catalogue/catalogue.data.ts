import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { scenarioDefinitionSchema, type ScenarioDefinition } from '@parley/contracts';

/** The versioned catalogue: one JSON file per category in ./data, validated as a whole. */
export const CATALOGUE_DIR = join(__dirname, 'data');

export function loadCatalogue(dir = CATALOGUE_DIR): ScenarioDefinition[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const scenarios: ScenarioDefinition[] = [];
  for (const file of files) {
    const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const parsed = z.array(scenarioDefinitionSchema).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`catalogue ${file}: ${issue?.path.join('.')}: ${issue?.message}`);
    }
    scenarios.push(...parsed.data);
  }
  const ids = new Set<string>();
  for (const s of scenarios) {
    if (ids.has(s.id)) throw new Error(`catalogue: duplicate scenario id ${s.id}`);
    ids.add(s.id);
  }
  return scenarios;
}
