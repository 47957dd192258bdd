import { roleplaySystemPrompt } from './roleplay-prompt';
import { salaryScenario } from './testing/fixtures';

describe('roleplaySystemPrompt: who the model plays', () => {
  it('names the persona and their role', () => {
    const first = roleplaySystemPrompt(salaryScenario, 'neutral').split('\n')[0];
    expect(first).toBe(
      `You are ${salaryScenario.persona.name}, ${salaryScenario.aiRole}. You are talking with the other person: ${salaryScenario.userRole}.`,
    );
  });

  it('plays a person who goes by their role as "the landlord", not "Landlord, My landlord"', () => {
    const landlord = {
      ...salaryScenario,
      aiRole: 'My landlord',
      userRole: 'Tenant',
      persona: { ...salaryScenario.persona, name: 'Landlord' },
    };
    expect(roleplaySystemPrompt(landlord, 'neutral').split('\n')[0]).toBe(
      'You are the landlord. You are talking with the other person: Tenant.',
    );
  });
});
