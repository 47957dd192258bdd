import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import {
  SCENARIO_CATEGORIES,
  scenarioDefinitionSchema,
  type ScenarioCategory,
  type ScenarioDefinition,
} from '@parley/contracts';

/**
 * The real scenario catalogue, read from the sessions service's versioned data files. The evaluation is
 * a tool, not a service: it reads the same data the sessions service seeds, never its code.
 */
const DATA = join('apps', 'sessions', 'src', 'modules', 'catalogue', 'data');

export function catalogueDir(from = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, DATA);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`scenario data not found above ${from} (${DATA})`);
  }
}

/** A path under the repository root, found by walking up from here (the sources, or dist/ after a build). */
export function findAbove(relative: string, from = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${relative} not found above ${from}`);
  }
}

export function loadCatalogue(dir = catalogueDir()): ScenarioDefinition[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      z.array(scenarioDefinitionSchema).parse(JSON.parse(readFileSync(join(dir, file), 'utf8'))),
    );
}

/** `perCategory` scenarios of every category: the free ones first, then premium ones in id order. */
export function pickScenarios(all: ScenarioDefinition[], perCategory: number): ScenarioDefinition[] {
  return SCENARIO_CATEGORIES.flatMap((category: ScenarioCategory) =>
    all
      .filter((s) => s.category === category)
      .sort((a, b) => Number(a.premium) - Number(b.premium) || a.id.localeCompare(b.id))
      .slice(0, perCategory),
  );
}
