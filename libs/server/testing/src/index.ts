export * from './test-env';
export * from './tcp-proxy';
