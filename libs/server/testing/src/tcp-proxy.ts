import net from 'node:net';

/**
 * A TCP forwarder on 127.0.0.1 that a test can take down and bring back, to cut a client off from a real
 * server (Kafka, PostgreSQL, Redis) the way an outage or a partition would, without stopping the server;
 * or stall, to hold every byte while the connections stay open, as a network pause does (no reset, no
 * error: the client only sees its requests time out).
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private stalled = false;

  constructor(
    readonly listenPort: number,
    private readonly target: { host: string; port: number },
  ) {}

  get isUp(): boolean {
    return this.server !== undefined;
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.stalled) {
        client.pause();
        upstream.pause();
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  get isStalled(): boolean {
    return this.stalled;
  }

  /** Holds every byte in both directions, on open connections and new ones, until `resume`. */
  stall(): void {
    this.stalled = true;
    for (const s of this.sockets) s.pause();
  }

  /** Lets the held bytes and everything after them through. */
  resume(): void {
    this.stalled = false;
    for (const s of this.sockets) s.resume();
  }

  /** Stops listening and cuts every open connection, like the server going away. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
