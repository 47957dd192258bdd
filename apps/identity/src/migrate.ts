import 'reflect-metadata';
import { runMigrationsAndExit } from '@parley/server-database';
import { identityDatabase } from './database/identity.database';

void runMigrationsAndExit('identity', identityDatabase);
