import 'reflect-metadata';
import { runMigrationsAndExit } from '@parley/server-database';
import { gamificationDatabase } from './database/gamification.database';

void runMigrationsAndExit('gamification', gamificationDatabase);
