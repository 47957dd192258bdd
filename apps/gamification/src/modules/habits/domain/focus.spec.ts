import { challengesFor, progressFrom } from '../../progression/domain/daily-challenges';
import {
  countOpenQuestions,
  difficultyFor,
  focusOf,
  objectiveKindOf,
  recommend,
  weakestObjectiveKind,
  weakestSkill,
  weightedAverages,
  type ScoredSession,
} from './focus';

const session = (
  clarity: number,
  empathy: number,
  persuasion: number,
  objectives: ScoredSession['objectives'] = [],
) => ({
  clarity,
  empathy,
  persuasion,
  objectives,
});

describe('the weakest skill', () => {
  it('weighs recent sessions more: an old low empathy score matters less than a new low persuasion', () => {
    // Newest first: two recent sessions weak on persuasion, eight older ones weaker on empathy.
    const sessions = [
      ...Array.from({ length: 2 }, () => session(7, 8, 3)),
      ...Array.from({ length: 8 }, () => session(7, 4.5, 6)),
    ];
    const mean = (k: 'empathy' | 'persuasion') =>
      sessions.reduce((sum, s) => sum + s[k], 0) / sessions.length;
    expect(mean('empathy')).toBeLessThan(mean('persuasion')); // unweighted, empathy (5.2 vs 5.4) is lowest
    const averages = weightedAverages(sessions)!;
    expect(averages).toEqual({ clarity: 7, empathy: 5.9, persuasion: 4.8 });
    expect(weakestSkill(averages)).toBe('persuasion');
  });

  it('knows nothing before the first session', () => {
    expect(weightedAverages([])).toBeNull();
    expect(focusOf([])).toEqual({ skill: null, kind: null });
  });

  it('looks at the last 10 sessions only', () => {
    const old = Array.from({ length: 10 }, () => session(8, 8, 8));
    expect(weakestSkill(weightedAverages([...old, session(1, 9, 9)]))).toBe('clarity'); // ties: clarity first
    expect(weightedAverages([...old, session(1, 9, 9)])).toEqual({ clarity: 8, empathy: 8, persuasion: 8 });
  });
});

describe('objective kinds and open questions', () => {
  it('tells objective kinds apart by what they ask for', () => {
    expect(objectiveKindOf('Ask open questions to find the real cause')).toBe('ask-questions');
    expect(objectiveKindOf('Name a specific salary figure backed by market data')).toBe('name-numbers');
    expect(objectiveKindOf('Acknowledge their frustration before explaining')).toBe('acknowledge-feelings');
    expect(objectiveKindOf('Propose a concrete next step with a date')).toBe('propose-next-step');
    expect(objectiveKindOf('Stay on topic')).toBe('other');
  });

  it('finds the kind met least often, attempted at least twice and met under half the time', () => {
    const ask = (met: boolean) => ({ kind: 'ask-questions' as const, met });
    const numbers = (met: boolean) => ({ kind: 'name-numbers' as const, met });
    const sessions = [
      session(6, 6, 6, [ask(false), numbers(true)]),
      session(6, 6, 6, [ask(false), numbers(false)]),
      session(6, 6, 6, [ask(true), numbers(true)]),
    ];
    expect(weakestObjectiveKind(sessions)).toBe('ask-questions');
    expect(weakestObjectiveKind(sessions.slice(0, 1))).toBeNull(); // one attempt is not enough
  });

  it('counts open questions in the learner’s cited lines, each once, not yes/no questions', () => {
    expect(
      countOpenQuestions([
        'I hear you. What would a good outcome look like for you?',
        'Do you agree? How did the delay affect the team?',
        'What would a good outcome look like for you?',
        'Could you walk me through the timeline?',
      ]),
    ).toBe(3);
    expect(countOpenQuestions(['Is that okay?', 'Can we meet on Friday?'])).toBe(0);
  });
});

describe('daily challenges aimed at the weakness', () => {
  const user = '0193a4f0-0000-7000-8000-000000000001';

  it('puts "Score 7+ on empathy" and "Ask two open questions in one session" into the day', () => {
    const set = challengesFor(user, '2026-11-25', { skill: 'empathy', kind: 'ask-questions' });
    expect(set.map((c) => c.description)).toEqual([
      challengesFor(user, '2026-11-25')[0]!.description,
      'Score 7+ on empathy',
      'Ask two open questions in one session',
    ]);
    expect(set.map((c) => c.id)).toContain('2026-11-25.focus-empathy-7');
  });

  it('moves the open-questions challenge from the feedback’s evidence only', () => {
    const [, , ask] = challengesFor(user, '2026-11-25', { skill: null, kind: 'ask-questions' });
    const facts = {
      category: 'sales',
      scores: { clarity: 5, empathy: 5, persuasion: 5 },
      messageCount: 8,
      newScenario: false,
    };
    expect(progressFrom(ask!.measure, { ...facts, openQuestions: 1 })).toBe(0);
    expect(progressFrom(ask!.measure, { ...facts, openQuestions: 2 })).toBe(1);
    expect(progressFrom(ask!.measure, facts)).toBe(0); // an event without evidence
  });

  it('aims at other weak kinds with a met objective of that kind', () => {
    const [, , kind] = challengesFor(user, '2026-11-25', { skill: null, kind: 'name-numbers' });
    expect(kind!.description).toBe('Meet an objective about naming numbers in a session');
    const facts = {
      category: 'sales',
      scores: { clarity: 5, empathy: 5, persuasion: 5 },
      messageCount: 8,
      newScenario: false,
    };
    expect(progressFrom(kind!.measure, { ...facts, objectiveKindsMet: ['name-numbers'] })).toBe(1);
    expect(progressFrom(kind!.measure, { ...facts, objectiveKindsMet: ['ask-questions'] })).toBe(0);
  });
});

describe('recommendations', () => {
  const scenario = (id: string, category: string, difficulty: string, locked = false) => ({
    id,
    title: id,
    description: `About ${id}`,
    category,
    difficulty,
    locked,
  });
  const catalogue = [
    scenario('feedback-easy', 'giving-feedback', 'Beginner'),
    scenario('conflict-easy', 'conflict-resolution', 'Beginner'),
    scenario('service-hard', 'customer-service', 'Advanced'),
    scenario('service-easy', 'customer-service', 'Beginner'),
    scenario('sales-easy', 'sales', 'Beginner'),
    scenario('boundaries-locked', 'setting-boundaries', 'Beginner', true),
  ];
  const input = {
    userId: 'u1',
    day: '2026-11-25',
    level: 1,
    averages: { clarity: 7, empathy: 4.2, persuasion: 6 },
    practised: new Set<string>(['feedback-easy']),
  };

  it('offers three scenarios that train the weakest skill at the learner’s level, one per area, never locked ones', () => {
    const picks = recommend(catalogue, input);
    expect(picks).toHaveLength(3);
    expect(picks.map((p) => p.scenario_id).sort()).toEqual([
      'conflict-easy',
      'feedback-easy',
      'service-easy',
    ]);
    expect(Object.fromEntries(picks.map((p) => [p.scenario_id, p.reason]))).toEqual({
      'conflict-easy':
        'Builds empathy, your lowest score lately (4.2 / 10), through conflict resolution, pitched at your level.',
      'feedback-easy':
        'Builds empathy, your lowest score lately (4.2 / 10), through giving feedback, pitched at your level.',
      'service-easy':
        'Builds empathy, your lowest score lately (4.2 / 10), through customer service, pitched at your level.',
    });
  });

  it('before any session, offers scenarios at the learner’s level with a reason to start', () => {
    const picks = recommend(catalogue, { ...input, averages: null, practised: new Set() });
    expect(picks).toHaveLength(3);
    expect(picks.every((p) => p.difficulty === 'Beginner')).toBe(true);
    // Each card says why in its own words: no two the same line on day one.
    expect(new Set(picks.map((p) => p.reason)).size).toBe(3);
    const conflict = picks.find((p) => p.scenario_id === 'conflict-easy');
    expect(conflict?.reason).toBe(
      'A first conflict resolution conversation at your level: see where you stand in conflict resolution.',
    );
  });

  it('never offers the scenario of the day, which the dashboard already shows', () => {
    const day = recommend(catalogue, { ...input, averages: null, practised: new Set() });
    const without = recommend(catalogue, {
      ...input,
      averages: null,
      practised: new Set(),
      exclude: new Set([day[0]!.scenario_id]),
    });
    expect(without).toHaveLength(3);
    expect(without.map((p) => p.scenario_id)).not.toContain(day[0]!.scenario_id);
  });

  it('follows the experience level the learner chose: Advanced picks Advanced before any XP', () => {
    const picks = recommend(catalogue, {
      ...input,
      averages: null,
      practised: new Set(),
      experienceLevel: 'advanced',
    });
    expect(picks[0]).toMatchObject({ scenario_id: 'service-hard', difficulty: 'Advanced' });
    expect(picks[0]!.reason).toContain('at your level');
    expect(picks.filter((p) => p.reason.includes('at your level')).map((p) => p.difficulty)).toEqual([
      'Advanced',
    ]);
  });

  it('takes the higher of the chosen level and the XP level', () => {
    expect(difficultyFor(1, 'advanced')).toBe('Advanced');
    expect(difficultyFor(1, 'intermediate')).toBe('Intermediate');
    expect(difficultyFor(4, 'beginner')).toBe('Advanced');
    expect(difficultyFor(1, null)).toBe('Beginner');
    expect(difficultyFor(3, undefined)).toBe('Intermediate');
  });

  it('gives the same three all day and may give others the next day', () => {
    expect(recommend(catalogue, input)).toEqual(recommend(catalogue, input));
  });
});
