export * from './load-env';
export * from './env.schemas';
