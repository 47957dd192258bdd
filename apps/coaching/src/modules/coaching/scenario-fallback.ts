import type { ChatScenario, ScenarioDefinition } from '@parley/contracts';

/**
 * A playable definition for a scenario known only by its title and description (a client that sends no
 * catalogue id): a generic counterpart with the scenario's roles.
 */
export function definitionFromChatScenario(s: ChatScenario): ScenarioDefinition {
  const aiRole = s.aiRole?.trim() || 'the other person in this conversation';
  return {
    id: 'ad-hoc',
    title: s.title.slice(0, 80),
    description: s.description.slice(0, 400),
    category: 'conflict-resolution',
    tags: ['practice', 'conversation'],
    difficulty: 'Intermediate',
    timeEstimate: '10-15 min',
    userRole: (s.userRole?.trim() || 'You').slice(0, 80),
    aiRole: aiRole.slice(0, 80),
    premium: false,
    persona: {
      name: 'Alex Morgan',
      background: `Alex is ${aiRole} in this situation: ${s.description}`.slice(0, 400),
      personality: 'Reasonable but has their own interests; wants specifics before agreeing to anything.',
      speakingStyle: 'Plain, direct sentences; asks follow-up questions when something is vague.',
    },
    personaGoals: [
      'Understand exactly what is being asked and why.',
      'Protect their own interests and time.',
    ],
    holdsFirmOn: ['Will not agree to anything vague; needs concrete details and a clear reason.'],
    learnerObjectives: [
      'State the goal clearly.',
      'Acknowledge the other side and propose a concrete next step.',
    ],
    strongResponses: [
      'Names the specific ask and the reason for it.',
      'Acknowledges the other person’s concerns before answering them.',
    ],
    openingLine: `So, let's talk about this. ${s.title.replace(/\.$/, '')} — where would you like to start?`,
  };
}
