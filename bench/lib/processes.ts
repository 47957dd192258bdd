/**
 * Child processes for the benches: started with the same Node as the bench (process.execPath), output
 * written straight to a log file (not piped through the bench process, which is also the load generator),
 * stopped with SIGTERM and then SIGKILL after a bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

export interface BenchProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** The last `chars` characters the process wrote (stdout and stderr). */
  tail(chars?: number): string;
  /** Whether the process has exited (by itself or stopped). */
  exited(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone (or after a final bound). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * BENCH_CPU_PROF=DIR: every process a bench starts writes a V8 CPU profile into DIR/<name>/ when it exits
 * (open it in Chrome DevTools or speedscope; `node bench/profile-top.ts DIR/<name>` prints the top costs).
 */
function profileArgs(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, name)}`] : [];
}

export function startNodeProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  options: { cwd: string; logFile: string },
  args: string[] = [],
): BenchProcess {
  const fd = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [...profileArgs(name), script, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', fd, fd],
    });
  } finally {
    closeSync(fd);
  }
  let gone = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      gone = true;
      resolve();
    });
    child.once('error', () => {
      gone = true;
      resolve();
    });
  });
  return {
    name,
    child,
    logFile: options.logFile,
    tail: (chars = 3000) =>
      existsSync(options.logFile) ? readFileSync(options.logFile, 'utf8').slice(-chars) : '',
    exited: () => gone || child.exitCode !== null || child.signalCode !== null,
    stop: async (graceMs = 10_000) => {
      if (gone || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const giveUp = new Promise<void>((resolve) => setTimeout(resolve, graceMs + 5000).unref());
      await Promise.race([exit, giveUp]);
      clearTimeout(killer);
    },
  };
}

/** `count` distinct ports that were free on 127.0.0.1 a moment ago (held together, so never the same one). */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port assigned');
      ports.push(address.port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}

/** Polls `check` until it returns true; fails after `timeoutMs` with the last error, or at once if `abort()`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    const aborted = options.abort?.();
    if (aborted) throw new Error(`${what}: ${aborted}`);
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: not within ${options.timeoutMs} ms${lastError ? ` (last error: ${String(lastError)})` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}

/** A GET with a bound, for readiness polls (127.0.0.1 only). */
export async function get(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 2000,
): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, body: await res.text() };
}

/** CPU time (user + system, ms) a process has used so far, from /proc; undefined where /proc is missing. */
export function cpuMsOf(pid: number | undefined, clockTicksPerSecond: number): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) used so far by every process whose command name starts with one of `prefixes`, summed per
 * prefix and listed per pid (so processes that start during a window, like PostgreSQL backends, count).
 */
export function cpuMsByCommand(
  prefixes: string[],
  clockTicksPerSecond: number,
): Map<string, Map<number, number>> {
  const found = new Map<string, Map<number, number>>(prefixes.map((p) => [p, new Map<number, number>()]));
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const prefix = prefixes.find((p) => comm.startsWith(p));
    if (!prefix) continue;
    const ms = cpuMsOf(Number(entry), clockTicksPerSecond);
    if (ms !== undefined) found.get(prefix)!.set(Number(entry), ms);
  }
  return found;
}

/** CPU ms used between two `cpuMsByCommand` readings, per prefix (a pid new in `after` counts from 0). */
export function cpuMsBetween(
  before: Map<string, Map<number, number>>,
  after: Map<string, Map<number, number>>,
): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [prefix, pids] of after) {
    let sum = 0;
    for (const [pid, ms] of pids) sum += Math.max(0, ms - (before.get(prefix)?.get(pid) ?? 0));
    used[prefix] = sum;
  }
  return used;
}
