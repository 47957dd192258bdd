export * from './queue.errors';
export * from './queue-connection';
export * from './queue-definition';
export * from './queue-client';
export * from './queue-worker';
export * from './queue.metrics';
export * from './queue.module';
