/**
 * Load generators with one way of recording latency: every successful request's latency goes into an
 * HdrHistogram in microseconds (autocannon's own histogram has 1 ms resolution, too coarse to subtract
 * one p50 from another). Both are closed-loop: N requests in flight, the next one sent when one answers.
 */
import { createRequire } from 'node:module';
import type { Histogram } from 'hdr-histogram-js';

const require = createRequire(import.meta.url);
const hdr = require('hdr-histogram-js') as typeof import('hdr-histogram-js');

/** What this bench uses of autocannon's programmatic API (the package ships no types). */
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  expectBody?: string;
  timeout?: number;
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  resets: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): void;
}
const autocannon = require('autocannon') as (options: AutocannonOptions) => AutocannonInstance;

export interface LoadResult {
  /** Successful (2xx / correct) responses per second over the measured window. */
  rps: number;
  ok: number;
  /** Transport errors, timeouts, wrong bodies and non-2xx answers, all counted as failures. */
  failed: number;
  failures: Record<string, number>;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  seconds: number;
}

function histogram(): Histogram {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });
}

function summarize(h: Histogram, ok: number, seconds: number, failures: Record<string, number>): LoadResult {
  const ms = (us: number) => Math.round(us) / 1000;
  const failed = Object.values(failures).reduce((a, b) => a + b, 0);
  return {
    rps: seconds > 0 ? ok / seconds : 0,
    ok,
    failed,
    failures,
    p50Ms: ms(h.getValueAtPercentile(50)),
    p90Ms: ms(h.getValueAtPercentile(90)),
    p99Ms: ms(h.getValueAtPercentile(99)),
    maxMs: ms(h.maxValue),
    meanMs: ms(h.mean),
    seconds,
  };
}

/** autocannon against one URL; every response's body must equal `expectBody` (when given). */
export async function runAutocannon(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  expectBody?: string;
}): Promise<LoadResult> {
  const h = histogram();
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 10,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.expectBody !== undefined ? { expectBody: options.expectBody } : {}),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode >= 200 && statusCode < 300) h.recordValue(Math.max(1, Math.round(responseTimeMs * 1000)));
  });
  const result = await instance;
  const failures: Record<string, number> = {};
  // A timeout is counted in `errors` too. A body mismatch is not, and is also counted as a response (2xx or
  // not): a non-2xx answer never has the expected body, so mismatches beyond non2xx were 2xx answers.
  const transportErrors = result.errors - result.timeouts;
  const wrong2xx = Math.max(0, result.mismatches - result.non2xx);
  if (transportErrors > 0) failures['errors'] = transportErrors;
  if (result.timeouts > 0) failures['timeouts'] = result.timeouts;
  if (wrong2xx > 0) failures['2xx with a wrong body'] = wrong2xx;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (!code.startsWith('2') && count > 0) failures[`HTTP ${code}`] = count;
  }
  const ok = result['2xx'] - wrong2xx;
  return summarize(h, ok, result.duration, failures);
}

/**
 * A closed-loop generator for any async call: `concurrency` loops, each sending the next request when
 * its previous one answers, until `durationSeconds` have passed. `call` resolves true for a correct
 * answer, false for a wrong one, and rejects on an error.
 */
export async function runClosedLoop(options: {
  concurrency: number;
  durationSeconds: number;
  call: () => Promise<boolean>;
}): Promise<LoadResult> {
  const h = histogram();
  const failures: Record<string, number> = {};
  const fail = (kind: string) => (failures[kind] = (failures[kind] ?? 0) + 1);
  let ok = 0;
  const started = process.hrtime.bigint();
  const end = started + BigInt(Math.round(options.durationSeconds * 1e9));
  const loop = async () => {
    while (process.hrtime.bigint() < end) {
      const t0 = process.hrtime.bigint();
      try {
        const correct = await options.call();
        if (correct) {
          h.recordValue(Math.max(1, Number((process.hrtime.bigint() - t0) / 1000n)));
          ok++;
        } else {
          fail('wrong answer');
        }
      } catch (error) {
        fail(`error: ${(error as Error)?.name ?? 'unknown'}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return summarize(h, ok, seconds, failures);
}
