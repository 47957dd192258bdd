import 'reflect-metadata';
import { gamificationEnvSchema, loadEnvOrExit } from '@parley/server-config';
import { runService } from '@parley/server-observability';
import { AppModule } from './app.module';

const env = loadEnvOrExit('gamification', gamificationEnvSchema);
void runService(AppModule.register(env), env);
