import 'reflect-metadata';
import { identityEnvSchema, loadEnvOrExit } from '@parley/server-config';
import { runService } from '@parley/server-observability';
import { AppModule } from './app.module';

const env = loadEnvOrExit('identity', identityEnvSchema);
void runService(AppModule.register(env), env);
