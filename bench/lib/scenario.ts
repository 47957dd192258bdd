/**
 * One measured scenario of a system bench: a warm-up (thrown away, but its failures count), then the
 * measured closed-loop window with the CPU each process used in it, and the rows the benches print.
 */
import { closedLoop, type RunResult } from './requests.ts';
import { cpuSnapshot, cpuUse, type CpuUse } from './cpu.ts';
import type { BenchProcess } from './processes.ts';

export interface ScenarioResult {
  id: string;
  name: string;
  concurrency: number;
  result: RunResult;
  /** Failures during the warm-up (any makes the run fail, as in the measured window). */
  warmupFailures: Record<string, number>;
  cpu: CpuUse;
}

export async function measureScenario(options: {
  id: string;
  name: string;
  concurrency: number;
  warmupSeconds: number;
  durationSeconds: number;
  processes: BenchProcess[];
  log: (message: string) => void;
  call: (n: number) => Promise<void>;
  maxRequests?: number;
}): Promise<ScenarioResult> {
  const label = `${options.id}. ${options.name} (${options.concurrency} in flight)`;
  let warmupFailures: Record<string, number> = {};
  let offset = 0;
  if (options.warmupSeconds > 0) {
    const warm = await closedLoop({
      concurrency: options.concurrency,
      durationSeconds: options.warmupSeconds,
      call: options.call,
    });
    warmupFailures = warm.failures;
    offset = warm.ok + warm.failed;
    if (warm.failed > 0)
      options.log(`${label}: warm-up FAILED ${JSON.stringify(warm.failures)} ${warm.examples[0] ?? ''}`);
  }
  const before = cpuSnapshot(options.processes);
  const result = await closedLoop({
    concurrency: options.concurrency,
    durationSeconds: options.durationSeconds,
    ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
    // Sequence numbers go on from the warm-up's, so a call never reuses a warm-up's number.
    call: (n) => options.call(offset + n),
  });
  const cpu = cpuUse(before, cpuSnapshot(options.processes), result.ok);
  options.log(
    `${label}: ${result.ok} ok, ${result.rps} req/s, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms` +
      (result.failed
        ? `, ${result.failed} FAILED ${JSON.stringify(result.failures)}: ${result.examples[0] ?? ''}`
        : ''),
  );
  return {
    id: options.id,
    name: options.name,
    concurrency: options.concurrency,
    result,
    warmupFailures,
    cpu,
  };
}

export function scenarioFailed(s: ScenarioResult): boolean {
  return s.result.failed > 0 || s.result.ok === 0 || Object.keys(s.warmupFailures).length > 0;
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

/** The latency table: one row per scenario. */
export function latencyRows(scenarios: ScenarioResult[]): string[][] {
  return [
    ['scenario', 'in flight', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'failed'],
    ...scenarios.map((s) => [
      `${s.id}. ${s.name}`,
      String(s.concurrency),
      String(s.result.ok),
      s.result.rps.toFixed(1),
      fmt(s.result.p50Ms),
      fmt(s.result.p95Ms),
      fmt(s.result.p99Ms),
      fmt(s.result.maxMs),
      s.result.failed || Object.keys(s.warmupFailures).length
        ? `${s.result.failed} ${JSON.stringify({ ...s.result.failures, ...prefixed('warm-up ', s.warmupFailures) })}`
        : '0',
    ]),
  ];
}

function prefixed(prefix: string, counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [`${prefix}${k}`, v]));
}

/** The CPU table: CPU ms per correct request of the named processes, cores busy and not ours. */
export function cpuRows(scenarios: ScenarioResult[], names: string[]): string[][] {
  return [
    ['CPU ms per request', ...names, 'cores busy', 'not ours'],
    ...scenarios.map((s) => [
      `${s.id}. ${s.name} (${s.concurrency})`,
      ...names.map((n) => {
        const ms = s.cpu.msPerRequest[n];
        return ms !== undefined && ms > 0 ? ms.toFixed(3) : '-';
      }),
      s.cpu.machineBusyCores !== undefined ? s.cpu.machineBusyCores.toFixed(2) : '-',
      s.cpu.otherCores !== undefined ? s.cpu.otherCores.toFixed(2) : '-',
    ]),
  ];
}

export const CPU_NOTE =
  '(CPU ms each process used per correct request in the measured window; postgres, redis and kafka (java) count every\n' +
  ' process of theirs; cores busy: average cores in use on the machine; not ours: of those, used by processes this bench\n' +
  ' does not know about — above ~0.3 the window was disturbed by other work on the machine)';
