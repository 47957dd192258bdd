import { BuiltinProvider } from '../../coaching/src/providers';
import { loadCatalogue, pickScenarios } from './catalogue';
import { formatTables, rate, runEval, type EvalResult } from './run-eval';
import { toneBehaviour } from './tone-behaviour';

/**
 * The scripted-learner evaluation of the builtin partner and coach, in `npm test`: one scenario of every
 * category, every tone, every learner (the engine is deterministic, so the run is the same each time).
 * `npm run eval:coaching` runs it at full size and prints the table.
 */
describe('eval:coaching on the builtin provider', () => {
  let result: EvalResult;

  beforeAll(async () => {
    result = await runEval({ provider: new BuiltinProvider(), scenarios: pickScenarios(loadCatalogue(), 1) });
  }, 120_000);

  it('plays every category, tone and learner for at least 12 turns', () => {
    expect(Object.keys(result.byCategory)).toHaveLength(11);
    expect(Object.keys(result.byTone)).toHaveLength(3);
    expect(Object.keys(result.byLearner)).toHaveLength(8);
    for (const c of result.conversations)
      expect(c.turns.filter((t) => t.sender === 'user').length).toBeGreaterThanOrEqual(12);
  });

  it('never says something about the learner that the transcript contradicts', () => {
    const failures = result.conversations.flatMap((c) =>
      c.failures.filter((f) => f.check === 'feedback-true' || f.check === 'evidence-verbatim'),
    );
    expect(failures).toEqual([]);
    expect(rate(result.byCheck['objectives-checked'])).toBe(1);
    expect(rate(result.byCheck['scores-ordered'])).toBe(1);
  });

  it('passes at least 97% of all checks, and stays in role', () => {
    const table = formatTables(result);
    expect({ overall: rate(result.overall) >= 0.97, table }).toEqual({ overall: true, table });
    expect(rate(result.byCheck['in-role'])).toBeGreaterThanOrEqual(0.99);
    expect(rate(result.byCheck['no-repeat'])).toBeGreaterThanOrEqual(0.99);
    expect(rate(result.byCheck['one-farewell'])).toBeGreaterThanOrEqual(0.99);
  });

  it('acts differently in each tone: a tough partner pushes back more, warms up and gives ground less', () => {
    const b = toneBehaviour(result.conversations);
    expect(b['friendly']!.pushes).toBeLessThan(b['neutral']!.pushes);
    expect(b['neutral']!.pushes).toBeLessThan(b['tough']!.pushes);
    expect(b['friendly']!.warm).toBeGreaterThan(b['tough']!.warm);
    expect(b['friendly']!.gives).toBeGreaterThan(b['tough']!.gives);
  });
});
