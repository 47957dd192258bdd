/**
 * Whether a failure says nothing about the event itself: the database or another server could not be
 * reached, restarted under the transaction, or refused it for now. Such a failure is retried for as long
 * as it lasts; only failures of the event's own handling count towards the dead-letter topic.
 */
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  '55P03', // lock_not_available
  '57P01', // admin_shutdown (a restart or failover)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57P05', // idle_session_timeout
]);

const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /connection (is )?(closed|ended|lost)/i,
  /client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /timeout exceeded when trying to connect/i,
  /connect ECONNREFUSED/i,
];

export function isTransientError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string') {
    if (TRANSIENT_SQLSTATES.has(e.code) || e.code.startsWith('08') || TRANSIENT_NETWORK_CODES.has(e.code)) {
      return true;
    }
  }
  if (typeof e.message === 'string' && TRANSIENT_MESSAGES.some((m) => m.test(e.message as string)))
    return true;
  // TypeORM wraps the driver's error; Node wraps causes.
  return isTransientError(e.driverError, depth + 1) || isTransientError(e.cause, depth + 1);
}
