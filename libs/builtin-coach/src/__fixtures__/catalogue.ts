import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { scenarioDefinitionSchema, type ScenarioDefinition } from '@parley/contracts';

/**
 * The real scenario catalogue, read from the sessions service's data files (tests only: services
 * never import each other's code, but a test may read the same versioned data).
 */
export const CATALOGUE_DIR = join(__dirname, '../../../../apps/sessions/src/modules/catalogue/data');

export function loadScenarios(): ScenarioDefinition[] {
  return readdirSync(CATALOGUE_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      z.array(scenarioDefinitionSchema).parse(JSON.parse(readFileSync(join(CATALOGUE_DIR, file), 'utf8'))),
    );
}
