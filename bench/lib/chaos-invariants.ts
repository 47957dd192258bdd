/**
 * What the chaos bench checks once everything settled, computed again from the sessions service's own rows
 * (the completed sessions and their feedback scores), independently of the event path that gamification
 * applied: XP entries, each learner's XP, streaks and badges, the leaderboards (against a rebuild from
 * PostgreSQL into another Redis database), the dead-letter topics and the outboxes.
 *
 * The bench's learners keep the time zone UTC and never claim a challenge or buy a freeze, so a learner's
 * XP is 50 per completed session + 25 per scenario practised + 10 per active UTC day, and a streak is a run
 * of consecutive UTC dates. The badge rules themselves are the service's (badges.data, ruleHolds): what is
 * recomputed is the totals and session facts they are judged on.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './harness.ts';
import type { BenchSystem } from './system.ts';

const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs') as typeof import('kafkajs');
const { Redis } = require('ioredis') as typeof import('ioredis');

type Skill = 'clarity' | 'empathy' | 'persuasion';
interface BadgeDefinition {
  id: string;
  rule: unknown;
}
/** The service's badge rules and levels, built (loaded when first needed: the bench builds dist/ first). */
function rules() {
  const domain = (file: string) =>
    require(join(ROOT, 'dist', 'apps', 'gamification', 'src', 'modules', 'progression', 'domain', file));
  return {
    ...(domain('badges.data.js') as { BADGES: BadgeDefinition[] }),
    ...(domain('badge-rules.js') as {
      ruleHolds: (rule: unknown, stats: unknown, session?: unknown) => boolean;
    }),
    ...(domain('levels.js') as { levelFor: (xp: number) => { level: number } }),
  };
}

const REWARD = { session: 50, scenario: 25, day: 10 };
const DAY_MS = 86_400_000;

export interface InvariantResult {
  lost: number;
  duplicated: number;
  wrong: number;
  rows: string[][];
  examples: string[];
}

interface SessionRow {
  id: string;
  user_id: string;
  scenario_id: string;
  category: string;
  completed_at: Date;
  message_count: number;
  clarity: number;
  empathy: number;
  persuasion: number;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Longest run and the run ending on the last day, of consecutive UTC dates. */
export function streaksOf(days: Iterable<string>): { current: number; longest: number } {
  const sorted = [...new Set(days)].sort();
  let run = 0;
  let longest = 0;
  let previous: number | undefined;
  for (const day of sorted) {
    const ms = Date.parse(`${day}T00:00:00Z`);
    run = previous !== undefined && ms - previous === DAY_MS ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = ms;
  }
  return { current: run, longest };
}

function expectedBadges(sessions: SessionRow[], xp: number, longestStreak: number): Set<string> {
  const { BADGES, ruleHolds, levelFor } = rules();
  const byCategory: Record<string, number> = {};
  const perDay = new Map<string, number>();
  const atLeast8: Record<Skill, number> = { clarity: 0, empathy: 0, persuasion: 0 };
  for (const s of sessions) {
    byCategory[s.category] = (byCategory[s.category] ?? 0) + 1;
    perDay.set(dayOf(s.completed_at), (perDay.get(dayOf(s.completed_at)) ?? 0) + 1);
    for (const k of ['clarity', 'empathy', 'persuasion'] as const) if (s[k] >= 8) atLeast8[k] += 1;
  }
  const stats = {
    sessions: sessions.length,
    longestStreak,
    level: levelFor(xp).level,
    xp,
    challengesClaimed: 0,
    distinctScenarios: new Set(sessions.map((s) => s.scenario_id)).size,
    distinctCategories: Object.keys(byCategory).length,
    sessionsByCategory: byCategory,
    sessionsWithSkillAtLeast8: atLeast8,
  };
  const facts = sessions.map((s) => ({
    scores: { clarity: s.clarity, empathy: s.empathy, persuasion: s.persuasion },
    messageCount: s.message_count,
    hour: s.completed_at.getUTCHours(),
    weekday: ((s.completed_at.getUTCDay() + 6) % 7) + 1,
    sessionsThatDay: perDay.get(dayOf(s.completed_at))!,
  }));
  return new Set(
    BADGES.filter((b) => ruleHolds(b.rule, stats) || facts.some((f) => ruleHolds(b.rule, stats, f))).map(
      (b) => b.id,
    ),
  );
}

async function boards(
  redis: import('ioredis').Redis,
  namespace: string,
): Promise<Map<string, Map<string, number>>> {
  const result = new Map<string, Map<string, number>>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:leaderboard:*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const flat = await redis.zrange(key, 0, -1, 'WITHSCORES');
      const members = new Map<string, number>();
      for (let i = 0; i < flat.length; i += 2) members.set(flat[i]!, Number(flat[i + 1]));
      result.set(key, members);
    }
  } while (cursor !== '0');
  return result;
}

/** The live boards against a rebuild from PostgreSQL (the service's own command) into Redis database 1. */
async function compareBoards(
  system: BenchSystem,
  databaseUrl: string,
  redisUrl: string,
): Promise<{ boards: number; wrongBoards: number; wrongEntries: number; example?: string }> {
  const namespace = system.schemas.gamification;
  const live = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const rebuiltUrl = `${redisUrl.replace(/\/\d*$/, '')}/1`;
  const rebuilt = new Redis(rebuiltUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await Promise.all([live.connect(), rebuilt.connect()]);
    await rebuilt.flushdb();
    const cli = spawnSync(
      process.execPath,
      [join(ROOT, 'dist', 'apps', 'gamification', 'src', 'cli.js'), 'leaderboards', 'rebuild'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: databaseUrl,
          DATABASE_SCHEMA: namespace,
          REDIS_URL: rebuiltUrl,
          LOG_LEVEL: 'warn',
        },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    if (cli.status !== 0) throw new Error(`leaderboards rebuild failed: ${cli.stdout}${cli.stderr}`);
    const [want, have] = await Promise.all([boards(rebuilt, namespace), boards(live, namespace)]);
    let wrongBoards = 0;
    let wrongEntries = 0;
    let example: string | undefined;
    for (const [key, members] of want) {
      const got = have.get(key) ?? new Map<string, number>();
      let differs = 0;
      for (const id of new Set([...members.keys(), ...got.keys()])) {
        if (members.get(id) !== got.get(id)) {
          differs += 1;
          example ??= `${key} ${id}: ${got.get(id) ?? 'absent'} on the board, ${members.get(id) ?? 'absent'} rebuilt`;
        }
      }
      if (differs > 0) wrongBoards += 1;
      wrongEntries += differs;
    }
    return { boards: want.size, wrongBoards, wrongEntries, example };
  } finally {
    await rebuilt.flushdb().catch(() => undefined);
    live.disconnect();
    rebuilt.disconnect();
  }
}

/** Every message in the run's dead-letter topics, split into the poison the bench sent and anything else. */
async function deadLetters(
  brokers: string,
  topicPrefix: string,
  poison: ReadonlySet<string>,
): Promise<{ poison: number; other: number; topics: number; example?: string }> {
  const kafka = new Kafka({ clientId: 'bench-chaos-check', brokers: [brokers], logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter(
    (t) => t.startsWith(topicPrefix) && t.endsWith('.dead-letter'),
  );
  let total = 0;
  const ends = new Map<string, number>();
  for (const topic of topics) {
    for (const p of await admin.fetchTopicOffsets(topic)) {
      const n = Number(p.high) - Number(p.low);
      total += n;
      if (n > 0) ends.set(`${topic}:${p.partition}`, Number(p.high));
    }
  }
  await admin.disconnect();
  const counts = { poison: 0, other: 0, topics: topics.length, example: undefined as string | undefined };
  if (total === 0) return counts;
  const consumer = kafka.consumer({ groupId: `bench-chaos-check-${Date.now()}` });
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  let seen = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`read ${seen} of ${total} dead letters in 60 s`)),
      60_000,
    );
    void consumer.run({
      eachMessage: async ({ topic, message }) => {
        seen += 1;
        const value = message.value?.toString() ?? '';
        if (poison.has(value)) counts.poison += 1;
        else {
          counts.other += 1;
          counts.example ??= `${topic}: ${message.headers?.['dlq-reason']?.toString()} ${message.headers?.['dlq-error']?.toString()} ${value.slice(0, 200)}`;
        }
        if (seen >= total) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return counts;
}

export async function checkInvariants(
  system: BenchSystem,
  infra: { databaseUrl: string; redisUrl: string; kafkaBrokers: string },
  poison: { values: ReadonlySet<string>; groupsExpected: number; sent: number },
  /** Sessions whose completion the learners were told of (End Session answered). */
  acknowledged: Iterable<string>,
): Promise<InvariantResult> {
  const s = system.schemas;
  const examples: string[] = [];
  const note = (text: string) => {
    if (examples.length < 20) examples.push(text);
  };
  const sessions = await system.sql<SessionRow>(
    'gamification',
    `SELECT p.id, p.user_id, p.scenario_id, sc.category, p.completed_at, p.message_count,
            f.clarity, f.empathy, f.persuasion
       FROM "${s.sessions}".practice_sessions p
       JOIN "${s.sessions}".scenarios sc ON sc.id = p.scenario_id
       JOIN "${s.sessions}".feedback f ON f.session_id = p.id
      WHERE p.status = 'completed'`,
  );
  const ledger = await system.sql<{ user_id: string; reason: string; source_key: string; amount: number }>(
    'gamification',
    `SELECT user_id, reason, source_key, amount FROM xp_ledger`,
  );
  const players = await system.sql<{
    user_id: string;
    total_xp: number;
    sessions_completed: number;
    current_streak: number;
    longest_streak: number;
    badges_count: number;
  }>(
    'gamification',
    `SELECT user_id, total_xp, sessions_completed, current_streak, longest_streak, badges_count FROM players`,
  );
  const badgeRows = await system.sql<{ user_id: string; badge_id: string }>(
    'gamification',
    `SELECT user_id, badge_id FROM user_badges`,
  );
  const unpublished = await system.sql<{ service: string; n: number }>(
    'gamification',
    `SELECT 'sessions' AS service, count(*)::int AS n FROM "${s.sessions}".outbox WHERE published_at IS NULL
     UNION ALL SELECT 'gamification', count(*)::int FROM outbox WHERE published_at IS NULL`,
  );

  /* XP entries per completed session */
  const sessionById = new Map(sessions.map((x) => [x.id, x]));
  const entries = new Map<string, typeof ledger>();
  for (const e of ledger) {
    if (e.reason !== 'session-completed') continue;
    entries.set(e.source_key, [...(entries.get(e.source_key) ?? []), e]);
  }
  let lost = 0;
  let duplicated = 0;
  let wrongEntries = 0;
  let notCompleted = 0;
  for (const id of acknowledged) {
    if (!sessionById.has(id)) {
      notCompleted += 1;
      note(
        `lost: session ${id} was acknowledged to its learner but is not completed in the sessions service`,
      );
    }
  }
  for (const session of sessions) {
    const found = entries.get(session.id) ?? [];
    if (found.length === 0) {
      lost += 1;
      note(`lost: session ${session.id} (completed ${session.completed_at.toISOString()}) has no XP entry`);
    }
    if (found.length > 1) {
      duplicated += found.length - 1;
      note(`duplicated: session ${session.id} has ${found.length} XP entries`);
    }
    for (const e of found) {
      if (e.amount !== REWARD.session || e.user_id !== session.user_id) {
        wrongEntries += 1;
        note(`wrong: session ${session.id}: ${e.amount} XP to ${e.user_id}`);
      }
    }
  }
  for (const [key, found] of entries) {
    if (!sessionById.has(key)) {
      wrongEntries += found.length;
      note(`wrong: XP for session ${key}, which the sessions service has not completed`);
    }
  }
  // Other rewards: one per (user, reason, source).
  const once = new Map<string, number>();
  for (const e of ledger)
    once.set(
      `${e.user_id} ${e.reason} ${e.source_key}`,
      (once.get(`${e.user_id} ${e.reason} ${e.source_key}`) ?? 0) + 1,
    );
  for (const [key, n] of once) {
    if (n > 1 && !key.includes(' session-completed ')) {
      duplicated += n - 1;
      note(`duplicated: ${n} ledger entries for ${key}`);
    }
  }

  /* each learner: XP, sessions, streaks, badges */
  const byUser = new Map<string, SessionRow[]>();
  for (const x of sessions) byUser.set(x.user_id, [...(byUser.get(x.user_id) ?? []), x]);
  const ledgerSum = new Map<string, number>();
  for (const e of ledger) ledgerSum.set(e.user_id, (ledgerSum.get(e.user_id) ?? 0) + e.amount);
  const playerOf = new Map(players.map((p) => [p.user_id, p]));
  const badgesOf = new Map<string, Set<string>>();
  for (const b of badgeRows) badgesOf.set(b.user_id, (badgesOf.get(b.user_id) ?? new Set()).add(b.badge_id));
  let wrongXp = 0;
  let wrongStreaks = 0;
  let wrongBadges = 0;
  let wrongCounts = 0;
  for (const [userId, mine] of byUser) {
    const days = mine.map((x) => dayOf(x.completed_at));
    const xp =
      REWARD.session * mine.length +
      REWARD.scenario * new Set(mine.map((x) => x.scenario_id)).size +
      REWARD.day * new Set(days).size;
    const player = playerOf.get(userId);
    if (!player) {
      wrongXp += 1;
      note(`wrong: learner ${userId} has ${mine.length} sessions and no player row`);
      continue;
    }
    if (player.total_xp !== xp || ledgerSum.get(userId) !== xp) {
      wrongXp += 1;
      note(
        `wrong: learner ${userId}: XP ${player.total_xp} (ledger ${ledgerSum.get(userId)}), recomputed ${xp}`,
      );
    }
    if (player.sessions_completed !== mine.length) {
      wrongCounts += 1;
      note(
        `wrong: learner ${userId}: ${player.sessions_completed} sessions counted, ${mine.length} completed`,
      );
    }
    const streak = streaksOf(days);
    if (player.current_streak !== streak.current || player.longest_streak !== streak.longest) {
      wrongStreaks += 1;
      note(
        `wrong: learner ${userId}: streak ${player.current_streak}/${player.longest_streak}, recomputed ${streak.current}/${streak.longest} from ${[...new Set(days)].sort().join(' ')}`,
      );
    }
    const want = expectedBadges(mine, xp, streak.longest);
    const have = badgesOf.get(userId) ?? new Set<string>();
    if (want.size !== have.size || [...want].some((b) => !have.has(b)) || player.badges_count !== have.size) {
      wrongBadges += 1;
      note(
        `wrong: learner ${userId}: badges ${[...have].sort().join(',')} (count ${player.badges_count}), recomputed ${[...want].sort().join(',')}`,
      );
    }
  }

  const board = await compareBoards(system, infra.databaseUrl, infra.redisUrl);
  if (board.example) note(`wrong: leaderboard ${board.example}`);
  const dead = await deadLetters(infra.kafkaBrokers, system.topicPrefix, poison.values);
  if (dead.example) note(`lost to a dead-letter topic: ${dead.example}`);
  const poisonMissing = Math.max(0, poison.sent * poison.groupsExpected - dead.poison);
  const waiting = unpublished.reduce((sum, r) => sum + r.n, 0);

  const wrong =
    wrongEntries + wrongXp + wrongCounts + wrongStreaks + wrongBadges + board.wrongEntries + poisonMissing;
  const totalLost = lost + notCompleted + dead.other + waiting;
  return {
    lost: totalLost,
    duplicated,
    wrong,
    examples,
    rows: [
      ['completed sessions (sessions service rows)', String(sessions.length)],
      ['learners with sessions', String(byUser.size)],
      ['completions acknowledged but not completed (lost)', String(notCompleted)],
      ['sessions without their XP entry (lost)', String(lost)],
      ['extra XP entries (duplicated)', String(duplicated)],
      ['XP entries of a wrong amount, learner or session', String(wrongEntries)],
      ['learners whose XP differs from the recomputation', String(wrongXp)],
      ['learners whose session count differs', String(wrongCounts)],
      ['learners whose streaks differ', String(wrongStreaks)],
      ['learners whose badges differ', String(wrongBadges)],
      [`leaderboard entries that differ from a rebuild (${board.boards} boards)`, String(board.wrongEntries)],
      [`dead letters: poison / other (${dead.topics} topics)`, `${dead.poison} / ${dead.other}`],
      ['poison not dead-lettered', String(poisonMissing)],
      ['outbox rows still unpublished', String(waiting)],
    ],
  };
}
