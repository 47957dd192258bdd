import 'reflect-metadata';
import { coachingEnvSchema, loadEnvOrExit } from '@parley/server-config';
import { runService } from '@parley/server-observability';
import { AppModule } from './app.module';

const env = loadEnvOrExit('coaching', coachingEnvSchema);
void runService(AppModule.register(env), env);
