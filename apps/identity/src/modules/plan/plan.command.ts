import { z } from 'zod';
import type { PlanChange } from './use-cases/change-plan/change-plan.use-case';

export const PLAN_USAGE = `Usage: node dist/apps/identity/src/cli.js plan <grant|revoke|show> <email>

  plan grant <email>    put the account on the premium plan
  plan revoke <email>   put the account back on the free plan
  plan show <email>     print the account's plan

Environment, as for migrate: DATABASE_URL, DATABASE_SCHEMA (default identity), and KAFKA_TOPIC_PREFIX
(default empty) for the topic of the profile-updated event a change writes to the outbox.
Exit status: 0 done, 1 no account with that e-mail, 64 usage error, 69 database error, 78 bad environment.`;

export const EXIT = { ok: 0, notFound: 1, usage: 64, unavailable: 69 } as const;

export type PlanCommand = { action: 'grant' | 'revoke' | 'show'; email: string };

/** `plan grant|revoke|show <email>` from the command line arguments, or what is wrong with them. */
export function parsePlanCommand(args: string[]): PlanCommand | { help: true } | { error: string } {
  if (args.length === 0 || args.some((a) => a === '--help' || a === '-h' || a === 'help'))
    return { help: true };
  const [group, action, email, ...rest] = args;
  if (group !== 'plan') return { error: `unknown command "${group}"` };
  if (action !== 'grant' && action !== 'revoke' && action !== 'show') {
    return {
      error: action ? `unknown plan action "${action}"` : 'missing plan action (grant, revoke or show)',
    };
  }
  if (!email) return { error: `missing e-mail address: plan ${action} <email>` };
  if (rest.length > 0) return { error: `unexpected argument "${rest[0]}"` };
  const trimmed = email.trim();
  if (!z.email().safeParse(trimmed).success) return { error: `"${email}" is not an e-mail address` };
  // Accounts store e-mail addresses in lower case.
  return { action, email: trimmed.toLowerCase() };
}

export interface PlanCommandDeps {
  changePlan(email: string, plan: 'free' | 'premium'): Promise<PlanChange | null>;
  showPlan(email: string): Promise<{ email: string; plan: 'free' | 'premium' } | null>;
}

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one parsed command and returns the exit status. */
export async function runPlanCommand(
  command: PlanCommand,
  deps: PlanCommandDeps,
  io: Output,
): Promise<number> {
  const notFound = () => {
    io.err(`No account with e-mail ${command.email}`);
    return EXIT.notFound;
  };
  if (command.action === 'show') {
    const user = await deps.showPlan(command.email);
    if (!user) return notFound();
    io.out(`${user.email}: ${user.plan}`);
    return EXIT.ok;
  }
  const change = await deps.changePlan(command.email, command.action === 'grant' ? 'premium' : 'free');
  if (!change) return notFound();
  if (!change.changed) {
    io.out(`${change.email} is already on the ${change.plan} plan; nothing changed`);
  } else if (command.action === 'grant') {
    io.out(`${change.email}: premium granted (was ${change.previous})`);
  } else {
    io.out(`${change.email}: premium revoked, now on the free plan`);
  }
  return EXIT.ok;
}
