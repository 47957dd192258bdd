/**
 * Latency with every sample kept: for runs of tens to a few thousand requests (sign-in at argon2 speed,
 * streamed replies), exact nearest-rank percentiles of the samples are better than a histogram, and
 * p95 is reported as well (lib/load.ts reports p50/p90/p99).
 */

/** A wrong answer: `kind` is what the run counts it as ("HTTP 429", "wrong body"), `detail` one example. */
export class RequestFailed extends Error {
  kind: string;
  constructor(kind: string, detail?: string) {
    super(detail ? `${kind}: ${detail}` : kind);
    this.name = 'RequestFailed';
    this.kind = kind;
  }
}

/** Throws RequestFailed(`HTTP <status>`) unless the status is the expected one. */
export async function expectStatus(res: Response, expected: number): Promise<void> {
  if (res.status !== expected) {
    const body = await res.text().catch(() => '');
    throw new RequestFailed(`HTTP ${res.status}`, body.slice(0, 300));
  }
}

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
  meanMs: number;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

const ms3 = (n: number) => Math.round(n * 1000) / 1000;

export function latencySummary(samplesMs: number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return {
    count: sorted.length,
    p50Ms: ms3(percentile(sorted, 50)),
    p95Ms: ms3(percentile(sorted, 95)),
    p99Ms: ms3(percentile(sorted, 99)),
    minMs: ms3(sorted[0] ?? Number.NaN),
    maxMs: ms3(sorted.at(-1) ?? Number.NaN),
    meanMs: ms3(mean),
  };
}

export interface RunResult extends LatencySummary {
  /** Correct answers (the latency figures are of these only). */
  ok: number;
  /** Errors, timeouts and wrong answers, all counted as failures. */
  failed: number;
  failures: Record<string, number>;
  /** Up to five failure messages, for the report. */
  examples: string[];
  seconds: number;
  /** Correct answers per second over the run. */
  rps: number;
}

export class Failures {
  counts: Record<string, number> = {};
  examples: string[] = [];
  total = 0;
  add(error: unknown): void {
    const kind =
      error instanceof RequestFailed
        ? error.kind
        : error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? 'timeout'
          : `error ${error instanceof Error ? error.name : typeof error}`;
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    this.total++;
    if (this.examples.length < 5) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      this.examples.push(`${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 400));
    }
  }
}

/**
 * Closed loop: `concurrency` workers, each sending its next request when its previous one answered,
 * until `durationSeconds` have passed (or `maxRequests` were sent). `call(n)` gets a run-wide sequence
 * number and resolves for a correct answer; it throws (preferably RequestFailed) for anything else.
 */
export async function closedLoop(options: {
  concurrency: number;
  durationSeconds: number;
  maxRequests?: number;
  call: (n: number) => Promise<void>;
}): Promise<RunResult> {
  const samples: number[] = [];
  const failures = new Failures();
  let sequence = 0;
  const started = performance.now();
  const end = started + options.durationSeconds * 1000;
  const worker = async () => {
    while (performance.now() < end && (options.maxRequests === undefined || sequence < options.maxRequests)) {
      const n = sequence++;
      const t0 = performance.now();
      try {
        await options.call(n);
        samples.push(performance.now() - t0);
      } catch (error) {
        failures.add(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    ...latencySummary(samples),
    ok: samples.length,
    failed: failures.total,
    failures: failures.counts,
    examples: failures.examples,
    seconds: Math.round(seconds * 100) / 100,
    rps: Math.round((samples.length / seconds) * 10) / 10,
  };
}
