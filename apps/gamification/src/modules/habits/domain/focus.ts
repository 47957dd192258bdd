import { createHash } from 'node:crypto';
import {
  SKILLS,
  type Recommendation,
  type RecommendationCandidates,
  type SkillName,
} from '@parley/contracts';
import { difficultyForLevel, FOCUS, OBJECTIVE_KINDS, SKILL_AREAS, type ObjectiveKind } from './habits.data';

/*
 * What the learner is worst at, with no I/O: the weighted average of each skill over the recent
 * completed sessions (newest weighs 1, each older one 0.8 of the one after it), and the objective kind
 * met least often. Practice is then aimed at it: a daily challenge and three recommended scenarios.
 */

export interface ScoredSession {
  clarity: number;
  empathy: number;
  persuasion: number;
  objectives: Array<{ kind: ObjectiveKind; met: boolean }>;
}

/** The kind of a learner objective, from what it asks for. */
export function objectiveKindOf(objective: string): ObjectiveKind {
  return OBJECTIVE_KINDS.find((k) => k.pattern.test(objective))?.kind ?? 'other';
}

export function objectiveKindLabel(kind: ObjectiveKind): string {
  return OBJECTIVE_KINDS.find((k) => k.kind === kind)?.label ?? 'your objectives';
}

const OPEN_OPENERS =
  /^(?:so,?\s+|and\s+|but\s+)?(?:what|how|why|which|where|when|who|tell me|walk me through|describe|could you (?:tell|walk|describe|explain|share)|can you (?:tell|walk|describe|explain|share)|would you (?:tell|walk|describe|explain|share))\b/i;

/** Open questions (inviting more than yes or no) in the learner's lines, each question once. */
export function countOpenQuestions(lines: readonly string[]): number {
  const questions = new Set<string>();
  for (const line of lines) {
    for (const sentence of line.match(/[^.!?]*\?/g) ?? []) {
      const s = sentence.trim();
      if (OPEN_OPENERS.test(s)) questions.add(s.toLowerCase());
    }
  }
  return questions.size;
}

/** The weighted recent average of each skill (sessions newest first), to one decimal; null without any. */
export function weightedAverages(sessions: readonly ScoredSession[]): Record<SkillName, number> | null {
  const recent = sessions.slice(0, FOCUS.sessions);
  if (recent.length === 0) return null;
  let weight = 1;
  let total = 0;
  const sums: Record<SkillName, number> = { clarity: 0, empathy: 0, persuasion: 0 };
  for (const s of recent) {
    for (const skill of SKILLS) sums[skill] += s[skill] * weight;
    total += weight;
    weight *= FOCUS.decay;
  }
  return {
    clarity: Math.round((sums.clarity / total) * 10) / 10,
    empathy: Math.round((sums.empathy / total) * 10) / 10,
    persuasion: Math.round((sums.persuasion / total) * 10) / 10,
  };
}

/** The lowest of the three (ties: clarity, then empathy, then persuasion). */
export function weakestSkill(averages: Record<SkillName, number> | null): SkillName | null {
  if (!averages) return null;
  return SKILLS.reduce((low, s) => (averages[s] < averages[low] ? s : low), SKILLS[0]);
}

/**
 * The objective kind met least often (weighted like the skills) among those attempted at least twice
 * and met in under half the attempts; null when none is that weak.
 */
export function weakestObjectiveKind(sessions: readonly ScoredSession[]): ObjectiveKind | null {
  const tally = new Map<ObjectiveKind, { met: number; tried: number; attempts: number }>();
  let weight = 1;
  for (const s of sessions.slice(0, FOCUS.sessions)) {
    for (const o of s.objectives) {
      if (o.kind === 'other') continue;
      const t = tally.get(o.kind) ?? { met: 0, tried: 0, attempts: 0 };
      t.tried += weight;
      t.attempts += 1;
      if (o.met) t.met += weight;
      tally.set(o.kind, t);
    }
    weight *= FOCUS.decay;
  }
  let weakest: { kind: ObjectiveKind; rate: number } | null = null;
  for (const { kind } of OBJECTIVE_KINDS) {
    const t = tally.get(kind);
    if (!t || t.attempts < FOCUS.minKindAttempts) continue;
    const rate = t.met / t.tried;
    if (rate < FOCUS.weakKindBelow && (!weakest || rate < weakest.rate)) weakest = { kind, rate };
  }
  return weakest?.kind ?? null;
}

export interface Focus {
  skill: SkillName | null;
  kind: ObjectiveKind | null;
}

export function focusOf(sessions: readonly ScoredSession[]): Focus {
  return { skill: weakestSkill(weightedAverages(sessions)), kind: weakestObjectiveKind(sessions) };
}

type Candidate = RecommendationCandidates['scenarios'][number];

const DIFFICULTY_ORDER = ['Beginner', 'Intermediate', 'Advanced'] as const;
type Difficulty = (typeof DIFFICULTY_ORDER)[number];

/**
 * The difficulty that suits the learner: the experience level they chose at onboarding (beginner,
 * intermediate, advanced) or the one their XP level suggests, whichever is higher — a learner who said
 * Advanced is not offered Beginner scenarios, and one who grows past the level they chose is not held back.
 */
export function difficultyFor(level: number, experienceLevel?: string | null): Difficulty {
  const byXp = difficultyForLevel(level);
  const chosen = DIFFICULTY_ORDER.find((d) => d.toLowerCase() === experienceLevel?.toLowerCase());
  if (!chosen) return byXp;
  return DIFFICULTY_ORDER.indexOf(chosen) > DIFFICULTY_ORDER.indexOf(byXp) ? chosen : byXp;
}

/** A scenario category as a reason says it: 'conflict-resolution' → 'conflict resolution'. */
const areaName = (category: string) => category.replace(/-/g, ' ');

/**
 * Three scenarios for the weakest skill at the learner's level: areas that exercise the skill first,
 * then the difficulty that suits the level, then scenarios not practised yet; one per area where the
 * catalogue allows. Locked (Premium) scenarios and the ones in `exclude` (the scenario of the day, which
 * the dashboard already offers) are never offered. Equal candidates are ordered by a hash of the user and
 * day, so the three change from day to day but not from request to request.
 */
export function recommend(
  candidates: readonly Candidate[],
  input: {
    userId: string;
    day: string;
    level: number;
    averages: Record<SkillName, number> | null;
    practised: ReadonlySet<string>;
    /** The experience level chosen at onboarding, when there is one. */
    experienceLevel?: string | null;
    /** Scenarios not to offer: the scenario of the day. */
    exclude?: ReadonlySet<string>;
  },
  count = 3,
): Recommendation[] {
  const skill = weakestSkill(input.averages);
  const difficulty = difficultyFor(input.level, input.experienceLevel);
  const order: readonly string[] = DIFFICULTY_ORDER;
  const levelFit = (d: string) => 2 - Math.min(2, Math.abs(order.indexOf(d) - order.indexOf(difficulty)));
  const trains = (c: Candidate) => !!skill && (SKILL_AREAS[skill] as readonly string[]).includes(c.category);
  const tiebreak = (c: Candidate) =>
    createHash('sha256').update(`${input.userId}|${input.day}|${c.id}`).digest().readUInt32BE(0);
  const ranked = candidates
    .filter((c) => !c.locked && !input.exclude?.has(c.id))
    .map((c) => ({
      c,
      score: (trains(c) ? 4 : 0) + levelFit(c.difficulty) + (input.practised.has(c.id) ? 0 : 1),
      tie: tiebreak(c),
    }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie);
  const picked: typeof ranked = [];
  const areas = new Set<string>();
  for (const r of ranked) {
    if (picked.length < count && !areas.has(r.c.category)) {
      picked.push(r);
      areas.add(r.c.category);
    }
  }
  for (const r of ranked) if (picked.length < count && !picked.includes(r)) picked.push(r);
  return picked.map(({ c }) => ({
    scenario_id: c.id,
    title: c.title,
    description: c.description,
    difficulty: c.difficulty,
    category: c.category,
    reason: reasonFor(c, skill, input.averages, difficulty, input.practised.has(c.id)),
  }));
}

function reasonFor(
  c: Candidate,
  skill: SkillName | null,
  averages: Record<SkillName, number> | null,
  difficulty: string,
  practised: boolean,
): string {
  // Each line names the card's own area (the three are from different areas where the catalogue allows),
  // so no two cards read the same — on day one too.
  const level = c.difficulty === difficulty ? ', pitched at your level' : '';
  const area = areaName(c.category);
  if (skill && averages && (SKILL_AREAS[skill] as readonly string[]).includes(c.category)) {
    return `Builds ${skill}, your lowest score lately (${averages[skill].toFixed(1)} / 10), through ${area}${level}.`;
  }
  if (!averages)
    return `A first ${area} conversation${level ? ' at your level' : ''}: see where you stand in ${area}.`;
  return practised
    ? `Worth another go at ${area}${level}: practise until it feels easy.`
    : `Something new in ${area} for your ${skill ?? 'skills'}${level}.`;
}
