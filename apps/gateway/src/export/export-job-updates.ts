import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Counter, Gauge } from 'prom-client';
import {
  EXPORT_JOB_EVENTS_PREFIX_RPC,
  exportJobChannel,
  exportJobEventSchema,
  type ExportJob,
  type ExportJobEvent,
} from '@parley/contracts';
import type { GatewayEnv } from '@parley/server-config';
import { createRedis } from '@parley/server-database';
import { once, ShutdownCoordinator } from '@parley/server-observability';
import { toErrorResponse } from '../http/http-error.filter';
import { GATEWAY_ENV, ServiceClients } from '../rpc/service-clients';

/** Timings of a progress stream; the defaults are production's, tests may pass shorter ones. */
export interface JobStreamTimings {
  /** The safety read of the job, in case a published update was missed (Redis reconnect, a lost message). */
  safetyPollMs: number;
  /** How often the job is read when updates cannot be heard (no Redis subscription): the old polling. */
  fallbackPollMs: number;
  /** An SSE comment this often keeps proxies from closing a quiet stream. */
  keepAliveMs: number;
  /** The longest a stream stays open; the client reads the progress again after that. */
  maxMs: number;
  /** How long subscribing may take before the stream starts without live updates. */
  subscribeTimeoutMs: number;
}

export const JOB_STREAM_TIMINGS: JobStreamTimings = {
  safetyPollMs: 5000,
  fallbackPollMs: 400,
  keepAliveMs: 15_000,
  maxMs: 5 * 60_000,
  subscribeTimeoutMs: 2000,
};

export const STREAM_TEXTS = {
  stillRunning: 'Still running; read the progress again later',
  draining: 'The server is restarting; the export goes on, read its progress again in a moment',
} as const;

const subscriptionsGauge = new Gauge({
  name: 'parley_gateway_export_job_subscriptions',
  help: 'Export job channels the gateway is subscribed to on Redis (one per job someone follows)',
});
const streamsGauge = new Gauge({
  name: 'parley_gateway_export_job_streams',
  help: 'Open export job progress streams (GET /api/export/jobs/:id/events)',
});

const rereadsCounter = new Counter({
  name: 'parley_gateway_export_job_rereads_total',
  help: 'Times a progress stream read its job again instead of hearing the update: the safety read while live, the fallback poll while not',
  labelNames: ['reason'] as const,
});

type Listener = (event: ExportJobEvent) => void;

interface Channel {
  listeners: Set<Listener>;
  /** Resolves when Redis confirmed the SUBSCRIBE; rejects if it failed. */
  subscribed: Promise<unknown>;
}

/** A follower of one job, subscribed before the job is read so that no update falls between the two. */
export interface JobFollower {
  /** Whether updates are heard live (else the stream polls at the fallback rate). */
  live: boolean;
  /** Updates heard so far and not yet taken; later ones go to `onEvent` once it is set. */
  take(onEvent: Listener): ExportJobEvent[];
  close(): void;
}

const RANK: Record<ExportJob['status'], number> = { queued: 0, running: 1, done: 2, failed: 2 };
const terminal = (status: ExportJob['status']) => status === 'done' || status === 'failed';

/** True when `next` is news after `last`: a later status, or more progress in the same one. */
export function isAhead(next: ExportJobEvent, last: ExportJobEvent | undefined): boolean {
  if (!last) return true;
  if (terminal(last.status)) return false;
  if (RANK[next.status] !== RANK[last.status]) return RANK[next.status] > RANK[last.status];
  return next.progress > last.progress;
}

const line = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/**
 * Live progress of export jobs for the gateway's SSE streams. One Redis connection per gateway process,
 * in subscriber mode, holds one channel subscription per job anyone follows (`{prefix}export-job:{id}`;
 * the prefix is the export deployment's, asked once over RPC); streams of the same job share it, and the
 * last one to leave unsubscribes. On shutdown every open stream ends politely in the `requests` phase (so
 * the HTTP listener's close does not wait for them), and the connection closes in the `clients` phase.
 */
@Injectable()
export class ExportJobUpdates implements OnApplicationShutdown {
  private readonly logger = new Logger('ExportJobUpdates');
  private subscriber?: Redis;
  private prefix?: Promise<string>;
  private readonly channels = new Map<string, Channel>();
  private readonly streams = new Set<(final: string) => void>();
  private draining = false;
  timings: JobStreamTimings = JOB_STREAM_TIMINGS;

  constructor(
    private readonly clients: ServiceClients,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    @Optional() shutdown?: ShutdownCoordinator,
  ) {
    shutdown?.register({
      phase: 'requests',
      name: 'export job streams',
      stop: this.endStreams,
      busy: () => `${this.streams.size} stream(s) open`,
    });
    shutdown?.register({ phase: 'clients', name: 'export job subscriber', stop: this.closeSubscriber });
  }

  /** Channels subscribed on Redis right now (also the `parley_gateway_export_job_subscriptions` gauge). */
  get subscriptions(): number {
    return this.channels.size;
  }

  /** Subscribes to a job's updates; buffered until `take`. Never throws: without Redis it is not live. */
  async follow(id: string): Promise<JobFollower> {
    const buffered: ExportJobEvent[] = [];
    let target: Listener | undefined;
    const listener: Listener = (event) => (target ? target(event) : buffered.push(event));
    let channel: string | undefined;
    let live = false;
    try {
      channel = exportJobChannel(await this.channelPrefix(), id);
      live = await this.add(channel, listener);
    } catch (error) {
      this.logger.warn(`export ${id}: no live updates (${(error as Error).message}); polling`);
    }
    let closed = false;
    return {
      live,
      take: (onEvent) => {
        target = onEvent;
        return buffered.splice(0);
      },
      close: () => {
        if (closed) return;
        closed = true;
        if (channel) this.remove(channel, listener);
      },
    };
  }

  /**
   * Streams a job the caller owns (`initial` was read as them) on `res` until it is done or failed, the
   * client leaves, the stream has run `maxMs`, or the gateway drains. `read` reads the job again.
   */
  stream(
    res: import('node:http').ServerResponse,
    follower: JobFollower,
    initial: ExportJob,
    read: () => Promise<ExportJob>,
  ): Promise<void> {
    const t = this.timings;
    return new Promise<void>((resolve) => {
      let last: ExportJobEvent | undefined;
      let ended = false;
      let poll: NodeJS.Timeout | undefined;
      const end = (final?: string) => {
        if (ended) return;
        ended = true;
        clearTimeout(poll);
        clearInterval(keepAlive);
        clearTimeout(max);
        follower.close();
        this.streams.delete(end);
        streamsGauge.dec();
        if (final && !res.writableEnded && !res.destroyed) res.write(final);
        res.end();
        resolve();
      };
      const apply = (job: ExportJobEvent) => {
        if (ended || !isAhead(job, last)) return;
        last = { id: job.id, status: job.status, progress: job.progress, error: job.error };
        res.write(line(last));
        if (terminal(job.status)) end();
      };
      const schedule = () => {
        poll = setTimeout(
          () => {
            rereadsCounter.inc({ reason: follower.live ? 'safety' : 'fallback' });
            void read().then(
              (job) => {
                apply(job);
                if (!ended) schedule();
              },
              (error: unknown) => end(line({ error: toErrorResponse(error).body.error })),
            );
          },
          follower.live ? t.safetyPollMs : t.fallbackPollMs,
        );
      };
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), t.keepAliveMs);
      const max = setTimeout(() => end(line({ error: STREAM_TEXTS.stillRunning, retry: true })), t.maxMs);
      streamsGauge.inc();
      this.streams.add(end);
      res.on('close', () => end());

      apply(initial);
      for (const event of follower.take(apply)) apply(event);
      if (this.draining) end(line({ error: STREAM_TEXTS.draining, retry: true }));
      else if (!ended) schedule();
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.endStreams().then(this.closeSubscriber);
  }

  private readonly endStreams = once(async () => {
    this.draining = true;
    for (const end of [...this.streams]) end(line({ error: STREAM_TEXTS.draining, retry: true }));
  });

  private readonly closeSubscriber = once(async () => {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    await subscriber?.quit().catch(() => subscriber.disconnect());
  });

  /** The export deployment's channel prefix, asked once (a failed ask is asked again next time). */
  private channelPrefix(): Promise<string> {
    this.prefix ??= this.clients
      .send<{ prefix: string }>('export', EXPORT_JOB_EVENTS_PREFIX_RPC, {})
      .then((r) => r.prefix)
      .catch((error: unknown) => {
        this.prefix = undefined;
        throw error;
      });
    return this.prefix;
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = createRedis(this.env.REDIS_URL, 'gateway-export-events');
    subscriber.on('error', () => undefined); // a lost connection is retried; streams poll meanwhile
    subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.channels.get(channel)?.listeners;
      if (!listeners) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message);
      } catch {
        return;
      }
      const event = exportJobEventSchema.safeParse(parsed);
      if (!event.success || !channel.endsWith(`:${event.data.id}`)) return;
      for (const listener of [...listeners]) listener(event.data);
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  /** Adds a listener; true once the channel's SUBSCRIBE is confirmed (in time). */
  private async add(name: string, listener: Listener): Promise<boolean> {
    if (this.draining) return false;
    let channel = this.channels.get(name);
    if (!channel) {
      const subscribed = this.connection().subscribe(name);
      subscribed.catch(() => undefined);
      channel = { listeners: new Set(), subscribed };
      this.channels.set(name, channel);
      subscriptionsGauge.set(this.channels.size);
    }
    channel.listeners.add(listener);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('subscribe timed out')), this.timings.subscribeTimeoutMs);
    });
    try {
      await Promise.race([channel.subscribed, timedOut]);
      return true;
    } finally {
      clearTimeout(timer);
    }
  }

  private remove(name: string, listener: Listener): void {
    const channel = this.channels.get(name);
    if (!channel) return;
    channel.listeners.delete(listener);
    if (channel.listeners.size > 0) return;
    this.channels.delete(name);
    subscriptionsGauge.set(this.channels.size);
    // Commands on one connection run in order: a later SUBSCRIBE of the same channel comes after this.
    this.subscriber?.unsubscribe(name).catch(() => undefined);
  }
}
