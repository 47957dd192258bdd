import 'reflect-metadata';
import { runMigrationsAndExit } from '@parley/server-database';
import { sessionsDatabase } from './database/sessions.database';

void runMigrationsAndExit('sessions', sessionsDatabase);
