import type {
  DailyChallenge,
  GamificationSummary,
  League,
  Leaderboard,
  Profile,
  ProgressRecord,
  Recommendations,
  Scenario,
  StreakStatus,
} from '@parley/contracts';
import { vi } from 'vitest';
import { json, testProfile, testSettings } from '../../../test/fixtures';
import { testSession } from '../../../test/renderApp';

/* Wire-level answers for the dashboard's calls (spec section 7), and a fetch stub that routes to them. */

export const userId = testSession.user.id;

export const dailyScenario: Scenario = {
  id: 'salary-negotiation-basics',
  title: 'Negotiate Your Salary',
  description: 'Ask your manager for a raise after a strong year.',
  category: 'Salary Negotiation',
  tags: ['negotiation'],
  difficulty: 'Intermediate',
  timeEstimate: '10 min',
  userRole: 'Employee',
  aiRole: 'Manager',
  premium: false,
  locked: false,
};

export const randomScenario: Scenario = {
  ...dailyScenario,
  id: 'networking-event',
  title: 'Work the Room',
  description: 'Introduce yourself at a networking event.',
};

const badge = (n: number) => ({
  id: `badge-${n}`,
  icon: ['🏅', '🔥', '🎯', '💬', '🚀'][n - 1] ?? '⭐',
  title: `Badge ${n}`,
  description: `Earned for milestone ${n}`,
  earned_at: `2025-06-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
});

export const gamificationSummary: GamificationSummary = {
  level: 2,
  streak: 4,
  xp: 420,
  badges: [1, 2, 3, 4, 5].map(badge),
  levelProgress: { progress: 13, currentXP: 120, nextLevelXP: 900 },
  leaderboard: [
    { id: '00000000-0000-4000-8000-0000000000aa', username: 'grace', xp: 1500, level: 3 },
    { id: userId, username: 'ada', xp: 420, level: 2 },
    { id: '00000000-0000-4000-8000-0000000000bb', username: 'linus', xp: 100, level: 1 },
  ],
};

export const dailyChallenges: DailyChallenge[] = [
  {
    id: 'complete-one-session',
    description: 'Complete one practice session',
    xp: 100,
    progress: 1,
    target: 1,
    completed_at: '2025-06-14T09:00:00.000Z',
  },
  {
    id: 'try-new-scenario',
    description: 'Practice a scenario you have not tried before',
    xp: 50,
    progress: 1,
    target: 1,
    completed_at: null,
  },
  {
    id: 'three-sessions',
    description: 'Complete three sessions today',
    xp: 150,
    progress: 1,
    target: 3,
    completed_at: null,
  },
];

export const progressRecords: ProgressRecord[] = [
  { session_id: 's1', created_at: '2025-06-10T12:00:00.000Z', clarity: 5, empathy: 7, persuasion: 6 },
  { session_id: 's2', created_at: '2025-06-12T12:00:00.000Z', clarity: 6, empathy: 7, persuasion: 4 },
  { session_id: 's3', created_at: '2025-06-14T12:00:00.000Z', clarity: 7.5, empathy: 7, persuasion: 5 },
];

export const streakStatus: StreakStatus = {
  streak: 4,
  longest: 9,
  freezesHeld: 1,
  maxFreezes: 2,
  freezePrice: 200,
  spendableXp: 120,
  frozenDays: ['2025-06-12'],
};

const member = (
  rank: number,
  weekXp: number,
  id = `00000000-0000-7000-8000-${String(rank).padStart(12, '0')}`,
) => ({
  rank,
  id,
  username: `Learner ${rank}`,
  xp: 500 + weekXp,
  level: 2,
  weekXp,
});

/** A full Silver league of 30: the signed-in user is 5th (promotion zone). */
export const league: League = {
  week: '2025-W24',
  tier: 'Silver',
  settlesAt: '2025-06-16T12:00:00.000Z',
  members: Array.from({ length: 30 }, (_, i) =>
    i === 4
      ? { ...member(5, 400, testSession.user.id), username: 'Ada Lovelace' }
      : member(i + 1, 600 - i * 20),
  ),
  me: { rank: 5, weekXp: 400 },
  zones: { promotion: 7, demotion: 5 },
  lastResult: { week: '2025-W23', rank: 3, outcome: 'promoted', tier: 'Silver' },
};

export const recommendations: Recommendations = {
  focus: 'empathy',
  averages: { clarity: 6.8, empathy: 4.6, persuasion: 6.1 },
  recommendations: [
    {
      scenario_id: 'giving-feedback-late-report',
      title: 'Feedback on a Late Report',
      description: 'Tell a colleague their report was late.',
      difficulty: 'Beginner',
      category: 'giving-feedback',
      reason: 'Builds empathy, your lowest score lately (4.6 / 10), pitched at your level.',
    },
    {
      scenario_id: 'conflict-shared-desk',
      title: 'The Shared Desk',
      description: 'Settle a dispute over a shared desk.',
      difficulty: 'Beginner',
      category: 'conflict-resolution',
      reason: 'Builds empathy, your lowest score lately (4.6 / 10), pitched at your level.',
    },
    {
      scenario_id: 'customer-refund',
      title: 'Refund Request',
      description: 'A customer wants a refund.',
      difficulty: 'Intermediate',
      category: 'customer-service',
      reason: 'Builds empathy, your lowest score lately (4.6 / 10).',
    },
  ],
};

export const mostImprovedBoard: Leaderboard = {
  category: 'most-improved',
  period: 'weekly',
  bucket: '2025-W24',
  entries: [
    { rank: 1, id: '00000000-0000-7000-8000-0000000000a1', username: 'Grace', xp: 900, level: 2, value: 2.4 },
    { rank: 2, id: testSession.user.id, username: 'Ada Lovelace', xp: 400, level: 2, value: 1.3 },
  ],
  me: { rank: 2, value: 1.3 },
};

type Handler = (request: Request) => Response | Promise<Response>;
/** A JSON body to answer with 200, or a handler for full control. */
type Answer = unknown;

export interface DashboardAnswers {
  profile: Answer;
  daily: Answer;
  random: Answer;
  summary: Answer;
  challenges: Answer;
  claim: Answer;
  progress: Answer;
  /** GET /api/user/sessions: the progress chart reads which scenario each scored session practised. */
  sessions: Answer;
  /** GET /api/user/settings: the gamification panel reads the Settings → Gamification toggles. */
  settings: Answer;
  streak: Answer;
  buyFreeze: Answer;
  league: Answer;
  recommendations: Answer;
  /** GET /api/gamification/leaderboard (the most-improved board, Premium). */
  leaderboard: Answer;
}

export const defaultAnswers: DashboardAnswers = {
  profile: { ...testProfile, sessions_used: 2 } satisfies Profile,
  daily: dailyScenario,
  random: randomScenario,
  summary: gamificationSummary,
  challenges: dailyChallenges,
  claim: (request: Request) => json({ error: `unexpected ${request.method}` }, 500),
  progress: [],
  sessions: [],
  settings: testSettings,
  streak: streakStatus,
  buyFreeze: (request: Request) => json({ error: `unexpected ${request.method}` }, 500),
  league,
  recommendations,
  leaderboard: mostImprovedBoard,
};

const ROUTES: Array<[method: string, path: RegExp, key: keyof DashboardAnswers]> = [
  ['GET', /^\/api\/user\/profile\/[^/]+$/, 'profile'],
  ['GET', /^\/api\/user\/scenarios\/daily$/, 'daily'],
  ['GET', /^\/api\/user\/scenarios\/random$/, 'random'],
  ['GET', /^\/api\/gamification\/summary$/, 'summary'],
  ['GET', /^\/api\/gamification\/daily-challenges$/, 'challenges'],
  ['POST', /^\/api\/gamification\/claim-daily-challenge$/, 'claim'],
  ['GET', /^\/api\/user\/progress\/[^/]+$/, 'progress'],
  ['GET', /^\/api\/user\/sessions$/, 'sessions'],
  ['GET', /^\/api\/user\/settings$/, 'settings'],
  ['GET', /^\/api\/gamification\/streak$/, 'streak'],
  ['POST', /^\/api\/gamification\/streak-freezes$/, 'buyFreeze'],
  ['GET', /^\/api\/gamification\/league$/, 'league'],
  ['GET', /^\/api\/user\/recommendations$/, 'recommendations'],
  ['GET', /^\/api\/gamification\/leaderboard$/, 'leaderboard'],
];

/** Stubs fetch with the dashboard's calls; anything else answers 404 so a stray call shows up. */
export function stubDashboardApi(overrides: Partial<DashboardAnswers> = {}) {
  const answers = { ...defaultAnswers, ...overrides };
  const requests: Request[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const route = ROUTES.find(([method, path]) => method === request.method && path.test(pathname));
    if (!route) return json({ error: 'Not found' }, 404);
    const answer = answers[route[2]];
    return typeof answer === 'function' ? (answer as Handler)(request) : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests made so far to `method path`. */
  const callsTo = (method: string, path: string) =>
    requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
  return { fetchMock, requests, callsTo };
}

/** A handler that waits for `release()` before answering, to observe loading states. */
export function gated(answer: () => Response) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: Handler = async () => {
    await gate;
    return answer();
  };
  return { handler, release };
}
