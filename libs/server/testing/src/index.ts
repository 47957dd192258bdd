export * from './test-env';
export * from './tcp-proxy';
export * from './service-process';
