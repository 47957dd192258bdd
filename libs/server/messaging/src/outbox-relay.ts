import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { assertIdentifier } from '@parley/server-database';
import type { MessageBus } from './message-bus';
import { outboxChannel } from './outbox-inbox.ddl';
import { messagingMetrics } from './messaging.metrics';

export interface OutboxRelayOptions {
  schema: string;
  /** Used for the LISTEN connection that wakes the relay when a transaction with events commits. */
  databaseUrl: string;
  batchSize?: number;
  /** Fallback polling when no notification arrives (and the only mechanism while LISTEN is down). */
  pollIntervalMs?: number;
  maxBackoffMs?: number;
  /** Published rows older than this are deleted. */
  retentionHours?: number;
  log?: (level: 'error' | 'warn' | 'info', message: string, extra?: Record<string, unknown>) => void;
}

interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  type: string;
  event: unknown;
}

/**
 * Publishes committed outbox rows to Kafka, in `seq` order, with an idempotent producer. While the broker
 * is unreachable rows simply stay unpublished and the relay retries with backoff; nothing is lost. A
 * transaction-level advisory lock makes one relay per schema active at a time, which keeps per-user order
 * across replicas. Delivery is at least once; consumers deduplicate by event id (the inbox).
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** A commit was signalled while a batch was publishing: publish again before sleeping. */
  private kicked = false;
  private listener?: Client;
  private failures = 0;
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly options: OutboxRelayOptions,
  ) {
    assertIdentifier(options.schema);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.listen();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /** Publishes everything pending now; returns how many events went out. For tests and shutdown. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch();
      total += n;
      if (n < (this.options.batchSize ?? 100)) return total;
    }
  }

  /** Unpublished rows, for readiness details and metrics. */
  async pending(): Promise<number> {
    const rows: Array<{ n: string }> = await this.dataSource.query(
      `SELECT count(*) AS n FROM "${this.options.schema}".outbox WHERE published_at IS NULL`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  private async run(): Promise<void> {
    const poll = this.options.pollIntervalMs ?? 1000;
    while (this.running) {
      let published = 0;
      this.kicked = false;
      try {
        published = await this.publishBatch();
        if (this.failures > 0)
          this.options.log?.('info', 'outbox relay: publishing again', { schema: this.options.schema });
        this.failures = 0;
        await this.cleanup();
      } catch (error) {
        this.failures += 1;
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.options.log?.('warn', 'outbox relay: publish failed, will retry', {
            schema: this.options.schema,
            failures: this.failures,
            err: (error as Error).message,
          });
        }
      }
      if (!this.running) break;
      if (published >= (this.options.batchSize ?? 100)) continue;
      if (this.kicked && this.failures === 0) continue;
      const delay =
        this.failures > 0
          ? Math.min(this.options.maxBackoffMs ?? 5000, 100 * 2 ** Math.min(this.failures, 10))
          : this.listener
            ? poll
            : Math.min(poll, 200);
      await this.sleep(delay);
    }
  }

  private async publishBatch(): Promise<number> {
    const { schema } = this.options;
    const batchSize = this.options.batchSize ?? 100;
    let failedIds: string[] = [];
    try {
      return await this.dataSource.transaction(async (manager) => {
        const lock: Array<{ locked: boolean }> = await manager.query(
          'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
          [`outbox:${schema}`],
        );
        if (!lock[0]?.locked) return 0;
        const rows: OutboxRow[] = await manager.query(
          `SELECT id, topic, key, type, event FROM "${schema}".outbox
            WHERE published_at IS NULL ORDER BY seq LIMIT $1`,
          [batchSize],
        );
        if (rows.length === 0) return 0;
        failedIds = rows.map((r) => r.id);
        await this.bus.publish(
          rows.map((r) => ({
            topic: r.topic,
            key: r.key,
            value: JSON.stringify(r.event),
            headers: { 'event-id': r.id, 'event-type': r.type },
          })),
        );
        await manager.query(`UPDATE "${schema}".outbox SET published_at = now() WHERE id = ANY($1::uuid[])`, [
          failedIds,
        ]);
        failedIds = [];
        messagingMetrics.published.inc({ schema }, rows.length);
        return rows.length;
      });
    } catch (error) {
      if (failedIds.length > 0) {
        await this.dataSource
          .query(
            `UPDATE "${schema}".outbox SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::uuid[])`,
            [failedIds, String((error as Error).message).slice(0, 500)],
          )
          .catch(() => undefined);
        messagingMetrics.publishFailures.inc({ schema });
      }
      throw error;
    }
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    await this.dataSource.query(
      `DELETE FROM "${this.options.schema}".outbox WHERE published_at < now() - make_interval(hours => $1)`,
      [this.options.retentionHours ?? 72],
    );
  }

  private async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.options.databaseUrl,
      application_name: 'outbox-relay',
    });
    client.on('error', () => {
      // The relay falls back to polling; a new LISTEN connection is made on the next start.
      if (this.listener === client) this.listener = undefined;
    });
    client.on('notification', () => this.kick());
    try {
      await client.connect();
      await client.query(`LISTEN "${outboxChannel(this.options.schema)}"`);
      if (!this.running) {
        await client.end();
        return;
      }
      this.listener = client;
    } catch (error) {
      this.options.log?.('warn', 'outbox relay: LISTEN unavailable, polling only', {
        err: (error as Error).message,
      });
      await client.end().catch(() => undefined);
    }
  }

  private kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
