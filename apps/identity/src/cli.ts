import 'reflect-metadata';
import { identityEnvSchema, loadEnvOrExit, migrationEnvSchema } from '@parley/server-config';
import { createServiceDataSource } from '@parley/server-database';
import { Outbox } from '@parley/server-messaging';
import { identityDatabase } from './database/identity.database';
import { ProfileUpdatedPublisher } from './modules/profile/events/profile-updated.publisher';
import { EXIT, parsePlanCommand, PLAN_USAGE, runPlanCommand } from './modules/plan/plan.command';
import { ChangePlanUseCase } from './modules/plan/use-cases/change-plan/change-plan.use-case';
import { ShowPlanUseCase } from './modules/plan/use-cases/show-plan/show-plan.use-case';

/**
 * Operator commands of the identity service, run where migrate runs (same environment):
 *   node dist/apps/identity/src/cli.js plan grant|revoke|show <email>
 */
async function main(args: string[]): Promise<number> {
  const io = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
  };
  const command = parsePlanCommand(args);
  if ('help' in command) {
    io.out(PLAN_USAGE);
    return EXIT.ok;
  }
  if ('error' in command) {
    io.err(`${command.error}\n\n${PLAN_USAGE}`);
    return EXIT.usage;
  }

  const env = loadEnvOrExit(
    'identity cli',
    migrationEnvSchema('identity').extend({ KAFKA_TOPIC_PREFIX: identityEnvSchema.shape.KAFKA_TOPIC_PREFIX }),
  );
  const dataSource = createServiceDataSource({
    url: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    applicationName: 'identity-cli',
    poolSize: 1,
    ...identityDatabase,
  });
  try {
    await dataSource.initialize();
    const publisher = new ProfileUpdatedPublisher(new Outbox(env.DATABASE_SCHEMA, env.KAFKA_TOPIC_PREFIX));
    const changePlan = new ChangePlanUseCase(dataSource, publisher);
    const showPlan = new ShowPlanUseCase(dataSource);
    return await runPlanCommand(
      command,
      {
        changePlan: (email, plan) => changePlan.execute(email, plan),
        showPlan: (email) => showPlan.execute(email),
      },
      io,
    );
  } catch (error) {
    io.err(`plan ${command.action} failed: ${(error as Error).message}`);
    return EXIT.unavailable;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
