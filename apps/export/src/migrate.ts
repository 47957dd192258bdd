import 'reflect-metadata';
import { runMigrationsAndExit } from '@parley/server-database';
import { exportDatabase } from './database/export.database';

void runMigrationsAndExit('export', exportDatabase);
