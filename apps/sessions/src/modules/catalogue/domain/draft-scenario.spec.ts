import { scenarioDefinitionSchema } from '@parley/contracts';
import { loadCatalogue } from '../catalogue.data';
import { customDefinition, nameIn } from './custom-definition';
import { closestScenarios, draftScenario, figuresIn, otherPersonIn, wordsOf } from './draft-scenario';

const catalogue = loadCatalogue();
const RAISE =
  'On Thursday I ask my manager Dana for a raise to $95k; she said the budget is tight this year and the team just missed a target.';

describe('"Draft it for me" from the catalogue', () => {
  it('finds the closest catalogue scenarios by the words of the situation', () => {
    const closest = closestScenarios(RAISE, catalogue);
    expect(closest).toHaveLength(3);
    expect(closest[0]!.category).toBe('salary-negotiation');
    const refund = closestScenarios(
      'A customer wants a refund for a late delivery of a broken order',
      catalogue,
    );
    expect(refund[0]!.category).toBe('customer-service');
  });

  it('drafts every optional field, with no figure or name borrowed from another scenario', () => {
    const draft = draftScenario(
      { description: RAISE, userRole: 'Engineer', aiRole: 'My manager' },
      catalogue,
    );
    expect(draft.source).toBe('builtin');
    expect(draft.basedOn).toHaveLength(3);
    expect(draft.persona.startsWith('My manager in this situation.')).toBe(true);
    expect(draft.personaGoals.length).toBeGreaterThanOrEqual(2);
    expect(draft.learnerObjectives.length).toBeGreaterThanOrEqual(2);
    expect(draft.tags.length).toBeGreaterThanOrEqual(2);
    const borrowed = [...draft.personaGoals, ...draft.holdsFirmOn.slice(1), ...draft.learnerObjectives];
    for (const line of borrowed) expect(line).not.toMatch(/[\d$€£%]/);
    expect(draft.holdsFirmOn.length).toBeGreaterThanOrEqual(2);
  });

  it('borrows no word so rare in the catalogue that it belongs to another scenario’s story', () => {
    const draft = draftScenario({ description: RAISE }, catalogue);
    const lines = [...draft.personaGoals, ...draft.holdsFirmOn.slice(1), ...draft.learnerObjectives];
    const situation = new Set(wordsOf(RAISE));
    const uses = (w: string) =>
      catalogue.filter((s) =>
        wordsOf([...s.personaGoals, ...s.holdsFirmOn, ...s.learnerObjectives].join(' ')).includes(w),
      ).length;
    for (const w of lines.flatMap(wordsOf))
      if (!situation.has(w)) expect([w, uses(w) > 3]).toEqual([w, true]);
  });

  it('lends a raise talk nothing of a job offer’s story (the partner would say "Process the hire quickly")', () => {
    for (const description of [
      RAISE,
      'I need to ask my manager for a raise because I took on the team lead work for six months.',
    ]) {
      const draft = draftScenario({ description }, catalogue);
      const lines = [...draft.personaGoals, ...draft.holdsFirmOn, ...draft.learnerObjectives];
      for (const line of lines) expect(line).not.toMatch(/\b(hire|candidate|sign-on|offer|placement)/i);
      expect(draft.holdsFirmOn.length).toBeGreaterThanOrEqual(1);
    }
    // A situation about an offer may borrow an offer's lines.
    const offer = draftScenario(
      { description: 'The recruiter made me an offer and I want a higher sign-on bonus before I accept.' },
      catalogue,
    );
    expect(
      [...offer.personaGoals, ...offer.holdsFirmOn, ...offer.learnerObjectives].some((l) =>
        /\b(offer|sign-on|candidate|hire)/i.test(l),
      ),
    ).toBe(true);
  });

  it('names the roles as the situation does when the learner leaves them empty, not as another scenario does', () => {
    expect(otherPersonIn('I have to tell my direct report Sam that his reports were late.')).toBe(
      'direct report',
    );
    expect(otherPersonIn('I must explain the outage to the CEO tomorrow.')).toBe('CEO');
    expect(otherPersonIn('Nothing about anyone here.')).toBeUndefined();
    const draft = draftScenario(
      {
        description:
          'I have to tell my direct report Sam that his last two reports were late and full of errors.',
      },
      catalogue,
    );
    expect([draft.userRole, draft.aiRole]).toEqual(['You', 'Your direct report']);
    expect(draft.persona.startsWith('Your direct report in this situation.')).toBe(true);
  });

  it('turns figures in the situation into a firm limit', () => {
    expect(figuresIn(RAISE)).toEqual(['$95k']);
    const draft = draftScenario({ description: RAISE }, catalogue);
    expect(draft.holdsFirmOn[0]).toContain('$95k');
  });
});

describe('a custom scenario as the AI plays it', () => {
  const body = {
    title: 'Raise talk with Dana',
    description: RAISE,
    userRole: 'Senior engineer',
    aiRole: 'Engineering manager',
    learnerObjectives: ['Name the number $95k and the reason for it', 'Agree a date for the decision'],
  };

  it('is a valid definition that keeps the learner’s own objectives and fills the rest', () => {
    const definition = customDefinition('custom-00000000-0000-4000-8000-000000000000', body, catalogue);
    expect(() => scenarioDefinitionSchema.parse(definition)).not.toThrow();
    expect(definition.learnerObjectives).toEqual(body.learnerObjectives);
    expect(definition.persona.name).toBe('Dana');
    expect(definition.category).toBe('salary-negotiation');
    expect(definition.personaGoals.length).toBeGreaterThanOrEqual(2);
  });

  it('stays valid with the longest situation and a single objective', () => {
    const definition = customDefinition(
      'custom-00000000-0000-4000-8000-000000000001',
      { ...body, description: 'word '.repeat(300).trim(), learnerObjectives: ['Say what I need'] },
      catalogue,
    );
    expect(() => scenarioDefinitionSchema.parse(definition)).not.toThrow();
    expect(definition.learnerObjectives[0]).toBe('Say what I need');
  });

  it('reads a name the learner wrote, not the first capitalised word of a sentence', () => {
    expect(nameIn('Dana, my manager of two years')).toBe('Dana');
    expect(nameIn('Sales have been slow. I meet Priya Shah on Monday')).toBe('Priya Shah');
    expect(nameIn('On Thursday I see my manager')).toBeUndefined();
  });
});
