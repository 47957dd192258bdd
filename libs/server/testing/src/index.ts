export * from './test-env';
export * from './tcp-proxy';
export * from './service-process';
export * from './system';
export * from './mail-catcher';
export * from './tokens';
export * from './model-server-double';
export * from './openapi-requests';
