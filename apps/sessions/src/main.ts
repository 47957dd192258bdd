import 'reflect-metadata';
import { sessionsEnvSchema, loadEnvOrExit } from '@parley/server-config';
import { runService } from '@parley/server-observability';
import { AppModule } from './app.module';

const env = loadEnvOrExit('sessions', sessionsEnvSchema);
void runService(AppModule.register(env), env);
