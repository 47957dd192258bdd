export * from './data-source';
export * from './database.module';
export * from './redis.module';
export * from './migrate-cli';
