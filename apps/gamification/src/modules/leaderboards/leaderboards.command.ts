export const LEADERBOARDS_USAGE = `Usage: node dist/apps/gamification/src/cli.js leaderboards rebuild

  leaderboards rebuild   recreate the Redis leaderboards (total XP, longest streak, sessions completed,
                         badges collected; this week, this month and all-time) from PostgreSQL

Environment, as for migrate: DATABASE_URL, DATABASE_SCHEMA (default gamification), plus REDIS_URL.
Exit status: 0 done, 64 usage error, 69 database or Redis error, 78 bad environment.`;

export const EXIT = { ok: 0, usage: 64, unavailable: 69 } as const;

export type LeaderboardsCommand = { action: 'rebuild' };

/** `leaderboards rebuild` from the command line arguments, or what is wrong with them. */
export function parseLeaderboardsCommand(
  args: string[],
): LeaderboardsCommand | { help: true } | { error: string } {
  if (args.length === 0 || args.some((a) => a === '--help' || a === '-h' || a === 'help'))
    return { help: true };
  const [group, action, ...rest] = args;
  if (group !== 'leaderboards') return { error: `unknown command "${group}"` };
  if (action !== 'rebuild') {
    return {
      error: action ? `unknown leaderboards action "${action}"` : 'missing action: leaderboards rebuild',
    };
  }
  if (rest.length > 0) return { error: `unexpected argument "${rest[0]}"` };
  return { action };
}
