import { Injectable, Logger } from '@nestjs/common';

/**
 * The order every app drains in on SIGTERM (docs/adr/0015-graceful-shutdown.md). Steps of one phase run
 * together; a phase starts when the one before it has finished.
 *
 * - `requests`: stop taking requests and finish the ones in flight (the RPC listener, the gateway's HTTP
 *   listener).
 * - `work`: stop taking background work and finish what is running (Kafka consumers commit their
 *   offsets, BullMQ workers finish their active jobs, timers stop).
 * - `outbox`: the relay publishes what the requests and work above committed to the outbox.
 * - `clients`: connections to other servers nobody uses any more (Kafka producer, queue clients, RPC
 *   clients, the health and metrics listener).
 * - `storage`: Redis and PostgreSQL, last, since every step before may still write.
 */
export const SHUTDOWN_PHASES = ['requests', 'work', 'outbox', 'clients', 'storage'] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

export interface ShutdownStep {
  phase: ShutdownPhase;
  /** Names the step in the log, e.g. `rpc listener`, `kafka consumer gamification`. */
  name: string;
  stop(): Promise<void>;
  /** What the step is still waiting for, for the log line of a forced exit (e.g. `2 RPCs in flight`). */
  busy?(): string | undefined;
}

export type ShutdownLog = (level: 'log' | 'warn' | 'error', message: string) => void;

/**
 * The one place that knows the shutdown order. Modules register their steps when they are created; the
 * signal handler (installShutdown) runs them phase by phase, logging each, and reports what is still
 * busy when the grace period runs out.
 */
@Injectable()
export class ShutdownCoordinator {
  private readonly steps: ShutdownStep[] = [];
  private readonly running = new Set<ShutdownStep>();
  private drained?: Promise<void>;
  private log: ShutdownLog;

  constructor() {
    const logger = new Logger('Shutdown');
    this.log = (level, message) => logger[level](message);
  }

  register(step: ShutdownStep): void {
    this.steps.push(step);
  }

  get draining(): boolean {
    return this.drained !== undefined;
  }

  /** Runs every step once, in phase order; later calls return the same promise. A failed step is logged. */
  drain(log: ShutdownLog = this.log): Promise<void> {
    this.log = log;
    this.drained ??= this.runPhases();
    return this.drained;
  }

  /** The steps still running and what each waits for, e.g. `work/queue workers (1 active job)`. */
  busy(): string[] {
    return [...this.running].map((step) => {
      const detail = step.busy?.();
      return `${step.phase}/${step.name}${detail ? ` (${detail})` : ''}`;
    });
  }

  private async runPhases(): Promise<void> {
    for (const phase of SHUTDOWN_PHASES) {
      const steps = this.steps.filter((s) => s.phase === phase);
      if (steps.length === 0) continue;
      await Promise.all(steps.map((step) => this.runStep(step)));
    }
  }

  private async runStep(step: ShutdownStep): Promise<void> {
    const started = Date.now();
    this.running.add(step);
    this.log('log', `shutdown: ${step.phase}/${step.name} stopping`);
    try {
      await step.stop();
      this.log('log', `shutdown: ${step.phase}/${step.name} stopped in ${Date.now() - started} ms`);
    } catch (error) {
      this.log('error', `shutdown: ${step.phase}/${step.name} failed: ${(error as Error).message}`);
    } finally {
      this.running.delete(step);
    }
  }
}

/** Runs `fn` once however often it is called (a step may run from the coordinator and from a Nest hook). */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= fn());
}
