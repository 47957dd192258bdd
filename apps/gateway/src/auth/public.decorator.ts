/** The marker lives with the shared health and metrics controllers, which must be open too. */
export { IS_PUBLIC, Public } from '@parley/server-observability';
