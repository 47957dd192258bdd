import type { CustomScenario, ScenarioDraft } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, fromScenario, toBody, withDraft } from '../scenarioForm';

const draft: ScenarioDraft = {
  title: 'Catalogue title',
  userRole: 'Engineer',
  aiRole: 'Manager',
  persona: 'Manager in this situation.',
  personaGoals: ['Keep the budget', 'Keep the team'],
  holdsFirmOn: ['Holds firm on the figures in play ($95k)'],
  learnerObjectives: ['Name the number', 'Agree a date'],
  difficulty: 'Advanced',
  tags: ['raise', 'salary'],
  source: 'builtin',
  basedOn: [],
};

describe('the custom scenario form', () => {
  it('sends only what was written: lists one a line, tags by comma, empty optional fields left out', () => {
    expect(
      toBody({
        ...EMPTY_FORM,
        title: ' Raise talk ',
        description: 'I ask Dana for a raise.',
        userRole: 'Engineer',
        aiRole: 'Manager',
        learnerObjectives: 'Name the number\n\n  Agree a date  \n',
        tags: 'raise, , pay',
      }),
    ).toEqual({
      title: 'Raise talk',
      description: 'I ask Dana for a raise.',
      userRole: 'Engineer',
      aiRole: 'Manager',
      learnerObjectives: ['Name the number', 'Agree a date'],
      tags: ['raise', 'pay'],
    });
  });

  it('fills the drafted fields and keeps the situation and the roles the learner typed', () => {
    const values = withDraft(
      { ...EMPTY_FORM, title: 'Mine', description: 'I ask Dana for a raise.', aiRole: 'Dana' },
      draft,
    );
    expect(values).toMatchObject({
      title: 'Mine',
      description: 'I ask Dana for a raise.',
      userRole: 'Engineer',
      aiRole: 'Dana',
      learnerObjectives: 'Name the number\nAgree a date',
      difficulty: 'Advanced',
      tags: 'raise, salary',
    });
  });

  it('duplicates a scenario as a copy with every field', () => {
    const scenario = {
      id: 'custom-1',
      title: 'Raise talk',
      description: 'I ask Dana for a raise.',
      userRole: 'Engineer',
      aiRole: 'Manager',
      persona: 'Dana',
      personaGoals: ['Keep the budget'],
      holdsFirmOn: [],
      learnerObjectives: ['Name the number'],
      difficulty: 'Beginner',
      tags: ['raise'],
    } as unknown as CustomScenario;
    expect(fromScenario(scenario, true)).toMatchObject({
      title: 'Raise talk (copy)',
      personaGoals: 'Keep the budget',
      holdsFirmOn: '',
      difficulty: 'Beginner',
    });
  });
});
