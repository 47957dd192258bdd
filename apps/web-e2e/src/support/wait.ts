import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `read` on Node's real clock until it returns `expected` (the page's own clock may be faked),
 * and returns the last value read, so the caller's assertion shows what was there instead.
 */
export async function poll<T>(
  read: () => Promise<T>,
  expected: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!expected(value) && Date.now() < deadline) {
    await sleep(25);
    value = await read();
  }
  return value;
}
