import 'reflect-metadata';
import { runMigrationsAndExit } from '@parley/server-database';
import { coachingDatabase } from './database/coaching.database';

void runMigrationsAndExit('coaching', coachingDatabase);
