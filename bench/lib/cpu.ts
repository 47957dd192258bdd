/**
 * Who used the CPU during a measured window: each started process (from /proc), this process (the load
 * generator), PostgreSQL, Redis and Kafka (every process of theirs, so other users of those servers count
 * too), and the machine as a whole, so a run disturbed by other work on the machine can be told apart.
 * The same accounting as gateway-overhead.bench.ts, for the system benches.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { cpuMsBetween, cpuMsByCommand, cpuMsOf, type BenchProcess } from './processes.ts';

export const clockTicks = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const value = Number(out.stdout?.trim());
  return Number.isFinite(value) && value > 0 ? value : 100;
})();

/** PostgreSQL, Redis and Kafka serve the bench and whatever else runs here: their CPU is counted whole. */
export const SHARED_SERVERS: Record<string, string> = {
  postgres: 'postgres',
  'redis-server': 'redis',
  java: 'kafka',
};

export interface CpuSnapshot {
  at: number;
  machine?: { busy: number; total: number };
  bench: number;
  procs: Record<string, number | undefined>;
  shared: ReturnType<typeof cpuMsByCommand>;
}

export interface CpuUse {
  /** Cores in use on average during the window, by anything on the machine. */
  machineBusyCores?: number;
  /** Of those, the cores used by processes this bench does not know about (other work on the machine). */
  otherCores?: number;
  /** CPU milliseconds per correct request, per process ('loadgen' is the bench process itself). */
  msPerRequest: Record<string, number>;
}

export function machineTimes(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

export function cpuSnapshot(processes: BenchProcess[]): CpuSnapshot {
  const usage = process.cpuUsage();
  const machine = machineTimes();
  return {
    at: performance.now(),
    ...(machine ? { machine } : {}),
    bench: (usage.user + usage.system) / 1000,
    procs: Object.fromEntries(processes.map((p) => [p.name, cpuMsOf(p.child.pid, clockTicks)])),
    shared: cpuMsByCommand(Object.keys(SHARED_SERVERS), clockTicks),
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function cpuUse(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuUse {
  const windowMs = after.at - before.at;
  const used: Record<string, number> = { loadgen: after.bench - before.bench };
  for (const [name, value] of Object.entries(after.procs)) {
    const start = before.procs[name];
    if (value !== undefined && start !== undefined && value - start > 0) used[name] = value - start;
  }
  for (const [command, ms] of Object.entries(cpuMsBetween(before.shared, after.shared))) {
    used[SHARED_SERVERS[command] ?? command] = ms;
  }
  const msPerRequest = Object.fromEntries(
    Object.entries(used).map(([name, ms]) => [name, requests > 0 ? round(ms / requests, 3) : 0]),
  );
  if (!before.machine || !after.machine || windowMs <= 0) return { msPerRequest };
  const cores = cpus().length;
  const busyCores =
    ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total || 1)) * cores;
  const knownCores = Object.values(used).reduce((a, b) => a + b, 0) / windowMs;
  return {
    machineBusyCores: round(busyCores, 2),
    otherCores: round(Math.max(0, busyCores - knownCores), 2),
    msPerRequest,
  };
}
