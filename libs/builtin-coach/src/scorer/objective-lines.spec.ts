import type { ScenarioDefinition } from '@parley/contracts';
import { SERVICE_LATE_GIFT } from '../__fixtures__/scenarios';
import { lineFeatures } from './line-features';
import { checkObjectives } from './objectives';

/* Objectives met by the line that does what they ask, in lines written for this test. */

const withObjectives = (...learnerObjectives: string[]): ScenarioDefinition => ({
  ...SERVICE_LATE_GIFT,
  id: 'cs-objective-lines',
  title: 'A loan between friends',
  learnerObjectives,
});
const check = (scenario: ScenarioDefinition, ...texts: string[]) =>
  checkObjectives(
    texts.map((text, i) => lineFeatures(i * 2 + 1, text, undefined)),
    scenario,
  );

describe('the line that meets an objective', () => {
  it('is not one that only names what the talk will be about', () => {
    const [result] = check(
      withObjectives('Agree a repayment plan for the money'),
      "Hiya Sam, thanks for meeting me. I'd like to talk about a repayment plan.",
      'Could you pay back £50 a month from March until the money is cleared?',
    );
    expect(result?.met).toBe(true);
    expect(result?.line).toMatch(/£50 a month/);
  });

  it('does not rest on the owner in "the crew\'s safety" alone', () => {
    const [result] = check(
      withObjectives("Protect the crew's safety on the roof"),
      'The crew has been brilliant all week, honestly, top lads.',
      'Nobody goes up without a harness from today, safety comes before the deadline.',
    );
    expect(result?.met).toBe(true);
    expect(result?.line).toMatch(/harness/);
  });

  it('is a question when the objective asks for one, however many words stand between', () => {
    const [result] = check(
      withObjectives('Ask the site manager at least one question about the rota'),
      'I think the rota should change next month for everybody on nights.',
    );
    expect(result?.met).toBe(false);
  });
});
