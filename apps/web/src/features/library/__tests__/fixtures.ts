import type { Profile, Scenario } from '@parley/contracts';
import { vi } from 'vitest';
import { json, testProfile } from '../../../test/fixtures';

export const scenario = (overrides: Partial<Scenario> & Pick<Scenario, 'id' | 'title'>): Scenario => ({
  description: `Practice ${overrides.title.toLowerCase()}.`,
  category: 'team-meetings',
  tags: ['general'],
  difficulty: 'Beginner',
  timeEstimate: '10-15 min',
  userRole: 'Employee',
  aiRole: 'Manager',
  premium: false,
  locked: false,
  ...overrides,
});

/**
 * Six scenarios. Tag use: money 3; executive, leadership, sales 2; the rest 1. So the chips read
 * money, executive, leadership, sales, crisis, customer service, and More holds six more.
 */
export const libraryScenarios: Scenario[] = [
  scenario({
    id: 'ask-for-a-raise',
    title: 'Ask for a Raise',
    description: 'Negotiate your salary with a manager who guards the budget.',
    category: 'salary-negotiation',
    tags: ['salary negotiation', 'money', 'manager'],
    difficulty: 'Beginner',
    userRole: 'Employee',
    aiRole: 'Manager',
  }),
  scenario({
    id: 'angry-customer',
    title: 'Calm an Angry Customer',
    description: 'Their order arrived broken, for the second time.',
    category: 'customer-service',
    tags: ['customer service', 'retail', 'money'],
    difficulty: 'Intermediate',
    timeEstimate: '5-10 min',
    userRole: 'Support Agent',
    aiRole: 'Customer',
  }),
  scenario({
    id: 'run-the-standup',
    title: 'Run the Stand-up',
    description: 'Keep the daily team meeting short while two people argue.',
    category: 'team-meetings',
    tags: ['team meeting', 'leadership'],
    difficulty: 'Advanced',
    userRole: 'Team Lead',
    aiRole: 'Engineer',
  }),
  scenario({
    id: 'cold-call',
    title: 'Cold Call a Prospect',
    description: 'A first call to someone who did not ask to hear from you.',
    category: 'sales',
    tags: ['sales', 'phone', 'networking'],
    difficulty: 'Intermediate',
    userRole: 'Account Executive',
    aiRole: 'Prospect',
  }),
  scenario({
    id: 'board-crisis',
    title: 'Brief the Board on a Crisis',
    description: 'A data breach went public this morning.',
    category: 'crisis-management',
    tags: ['crisis', 'executive', 'leadership'],
    difficulty: 'Advanced',
    premium: true,
    locked: true,
    userRole: 'CEO',
    aiRole: 'Board Chair',
  }),
  scenario({
    id: 'exec-pitch',
    title: 'Pitch to the Executive Team',
    description: 'Win budget for your project in ten minutes.',
    category: 'executive-communication',
    tags: ['executive', 'sales', 'money'],
    difficulty: 'Advanced',
    premium: true,
    locked: true,
    userRole: 'Product Manager',
    aiRole: 'CFO',
  }),
];

export interface ScenarioApiStub {
  scenarios?: Scenario[];
  profile?: Profile;
  /** Answer for the list call, instead of the scenarios. */
  listResponse?: () => Response;
}

/** Stubs fetch at the wire: the scenario list and reads, no own scenarios, and the profile; 404 for anything else. */
export function stubScenarioApi({
  scenarios = libraryScenarios,
  profile = testProfile,
  listResponse,
}: ScenarioApiStub = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    if (pathname === '/api/user/scenarios') return listResponse ? listResponse() : json(scenarios);
    // A learner with no scenarios of their own ("My Scenarios" is empty).
    if (pathname === '/api/user/scenarios/custom') return json([]);
    const one = /^\/api\/user\/scenarios\/([^/]+)$/.exec(pathname);
    if (one) {
      const found = scenarios.find((s) => s.id === decodeURIComponent(one[1]!));
      return found ? json(found) : json({ error: 'Scenario not found' }, 404);
    }
    if (pathname === `/api/user/profile/${profile.id}`) return json(profile);
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
