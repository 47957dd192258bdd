import 'reflect-metadata';
import { exportEnvSchema, loadEnvOrExit } from '@parley/server-config';
import { runService } from '@parley/server-observability';
import { AppModule } from './app.module';

const env = loadEnvOrExit('export', exportEnvSchema);
void runService(AppModule.register(env), env);
