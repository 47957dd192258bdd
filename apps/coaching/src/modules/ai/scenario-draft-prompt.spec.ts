import type { ScenarioDraft } from '@parley/contracts';
import { draftRequest, readDraft } from './scenario-draft-prompt';

const builtin: ScenarioDraft = {
  title: 'Raise talk',
  userRole: 'Engineer',
  aiRole: 'Manager',
  persona: 'Manager in this situation.',
  personaGoals: ['Keep the budget'],
  holdsFirmOn: ['No raise above the band'],
  learnerObjectives: ['Name the number'],
  difficulty: 'Intermediate',
  tags: ['raise', 'salary'],
  source: 'builtin',
  basedOn: [{ id: 'sn-1', title: 'Doing Two Jobs for One Salary' }],
};

describe('a model-written scenario draft', () => {
  it('keeps what the model wrote within the custom scenario’s limits, marked as the model’s', () => {
    const draft = readDraft(
      {
        persona: '  Dana, a careful manager.  ',
        personaGoals: ['Stay in budget', '', 42, 'x'.repeat(300)],
        holdsFirmOn: ['No more than $90k this year'],
        learnerObjectives: ['Ask for $95k with a reason'],
        difficulty: 'Legendary',
        tags: ['Raise', 'Pay'],
      },
      builtin,
    );
    expect(draft).toMatchObject({
      source: 'model',
      persona: 'Dana, a careful manager.',
      holdsFirmOn: ['No more than $90k this year'],
      difficulty: 'Intermediate',
      tags: ['raise', 'pay'],
      basedOn: builtin.basedOn,
    });
    expect(draft.personaGoals).toEqual(['Stay in budget', 'x'.repeat(250)]);
  });

  it('tells the model what to fix when a required part is missing', () => {
    expect(() => readDraft({ persona: '', personaGoals: ['a goal'] }, builtin)).toThrow('persona');
    expect(() => readDraft({ persona: 'Dana', personaGoals: [] }, builtin)).toThrow('personaGoals');
    expect(() =>
      readDraft({ persona: 'Dana', personaGoals: ['Stay'], learnerObjectives: [] }, builtin),
    ).toThrow('learnerObjectives');
  });

  it('sends the situation and the builtin draft as an example of shape', () => {
    const request = draftRequest({ description: 'I ask Dana for a raise to $95k on Thursday.' }, builtin);
    expect(request).toContain('Situation: I ask Dana for a raise to $95k on Thursday.');
    expect(request).toContain("Other person's role: Manager");
    expect(request).toContain('Keep the budget');
  });
});
