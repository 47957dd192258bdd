import { BuiltinProvider } from '../../coaching/src/providers';
import { PERTURBATIONS, SHIPS_AT, behaviourTests, gateFrom } from './behaviour';
import { loadCatalogue } from './catalogue';
import { loadSplit } from './corpus';

const perturb = (name: string, text: string): string | undefined =>
  PERTURBATIONS.find((p) => p.name === name)?.apply(text);

describe('behaviour tests (CheckList)', () => {
  it('make changes that keep the meaning', () => {
    expect(perturb('lower case', 'Could we MOVE it?')).toBe('could we move it?');
    expect(perturb('contraction', 'I do not agree.')).toBe("I don't agree.");
    expect(perturb('British or American spelling', 'We need to organize it.')).toBe(
      'We need to organise it.',
    );
    expect(perturb('another name', 'Thanks, Dana.')).toBe('Thanks, Ngozi.');
    expect(perturb('one typo', 'The deadline slipped.')).toBe('The deadilne slipped.');
    expect(perturb('a filler put in', 'Could we talk?')).toBe('Um, could we talk?');
    expect(perturb('another name', 'No names here.')).toBeUndefined();
  });

  it('run over labelled lines and keep the direction rules on the dev split', async () => {
    const lines = loadSplit('dev').slice(0, 80);
    const result = await behaviourTests(new BuiltinProvider(), lines, loadCatalogue());
    const acknowledged = result.direction['an acknowledgement never lowers empathy'];
    const figure = result.direction['a figure never brings "no concrete numbers"'];
    expect(acknowledged?.total).toBe(80);
    expect(acknowledged?.failures).toEqual([]);
    expect(figure?.failures).toEqual([]);
    expect(Object.keys(result.invariance).length).toBeGreaterThanOrEqual(4);
    expect(result.truth.total).toBeGreaterThan(0);
  }, 60_000);

  it('the engine holds back exactly the kinds of claim below 0.97 on the frozen test split, and every kind it says is above', async () => {
    const lines = loadSplit('test');
    const catalogue = loadCatalogue();
    const ungated = await behaviourTests(new BuiltinProvider({ ungated: true }), lines, catalogue);
    const shipped = new BuiltinProvider();
    // A stale table fails here: `npm run eval:coaching -- --write-gate` writes the measured one.
    expect(shipped.withheldClaims()).toEqual(gateFrom(ungated.claims));
    const said = await behaviourTests(shipped, lines, catalogue);
    const below = Object.entries(said.claims).filter(([, t]) => t.total > 0 && t.passed / t.total < SHIPS_AT);
    expect(below.map(([name, t]) => `${name} ${t.passed}/${t.total}`)).toEqual([]);
  }, 240_000);
});
