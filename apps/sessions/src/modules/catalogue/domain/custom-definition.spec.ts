import { scenarioDefinitionSchema } from '@parley/contracts';
import { loadCatalogue } from '../catalogue.data';
import { customDefinition, nameIn, roleAsName } from './custom-definition';

const catalogue = loadCatalogue();
const RAISE =
  'On Thursday I ask my manager Dana for a raise to $95k; she said the budget is tight this year and the team just missed a target.';

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

  it('plays the person the learner described, not one lent from a catalogue scenario', () => {
    const definition = customDefinition(
      'custom-00000000-0000-4000-8000-000000000002',
      { ...body, persona: 'Dana, my manager of two years: careful with money, hates surprises.' },
      catalogue,
    );
    expect(definition.persona.background).toBe(
      'Dana, my manager of two years: careful with money, hates surprises.',
    );
    expect(definition.persona.personality).toContain('hates surprises');
    // The situation is the learner's story, not the partner's background.
    expect(definition.persona.background).not.toContain(RAISE);
    const lent = new Set(
      catalogue.flatMap((s) => [s.persona.personality, s.persona.speakingStyle, ...s.strongResponses]),
    );
    for (const line of [
      definition.persona.personality,
      definition.persona.speakingStyle,
      ...definition.strongResponses,
    ])
      expect(lent.has(line)).toBe(false);
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

  it('joins the other person’s goals the learner wrote with general ones, not with another scenario’s', () => {
    const definition = customDefinition(
      'custom-00000000-0000-4000-8000-000000000003',
      { ...body, personaGoals: ['Keep the raise inside this year’s budget'] },
      catalogue,
    );
    expect(definition.personaGoals).toEqual([
      'Keep the raise inside this year’s budget',
      'Understand exactly what is being asked and why.',
    ]);
  });

  it('calls the other person by their role when the learner named no one, never by a catalogue persona’s name', () => {
    const definition = customDefinition(
      'custom-00000000-0000-4000-8000-000000000003',
      {
        title: 'Heating still broken',
        description: 'My heating has been broken for three weeks and my landlord keeps saying next week.',
        userRole: 'Tenant',
        aiRole: 'My landlord',
      },
      catalogue,
    );
    expect(definition.persona.name).toBe('Landlord');
    expect(catalogue.map((s) => s.persona.name)).not.toContain(definition.persona.name);
    expect(roleAsName('the Head of Finance')).toBe('Head of Finance');
    expect(roleAsName('   ')).toBe('The other person');
  });

  it('reads a name the learner wrote, not the first capitalised word of a sentence', () => {
    expect(nameIn('Dana, my manager of two years')).toBe('Dana');
    expect(nameIn('Sales have been slow. I meet Priya Shah on Monday')).toBe('Priya Shah');
    expect(nameIn('On Thursday I see my manager')).toBeUndefined();
  });

  it('reads a name written with letters beyond English ones whole', () => {
    expect(nameIn('The course was cancelled. The owner, Inés, offered a voucher.')).toBe('Inés');
    expect(nameIn('Łukasz, my flatmate, keeps the heating on')).toBe('Łukasz');
    expect(nameIn('I share a desk with Zoë Brandt')).toBe('Zoë Brandt');
  });

  it('takes no day, place or feast for a name, and prefers the one named as who they are', () => {
    expect(nameIn('I start a course in October and want Fridays off for lectures.')).toBeUndefined();
    expect(nameIn('We both trained in Glasgow and I want to tell my mentor before Easter.')).toBeUndefined();
    expect(nameIn('Since Tom moved teams, my supervisor Ngozi has given me all his clients.')).toBe('Ngozi');
  });
});
