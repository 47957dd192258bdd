import { ServerTCP, type TcpSocket } from '@nestjs/microservices';
import type { Socket } from 'node:net';
import { ERRORS, type RpcErrorBody } from '@parley/contracts';

type TcpServerOptions = ConstructorParameters<typeof ServerTCP>[0];

interface OutgoingPacket {
  id?: string;
  err?: unknown;
  isDisposed?: boolean;
}

/**
 * Nest's TCP transport with a drain. Nest's own `close()` destroys every open connection at once, so a
 * reply still being computed never reaches the gateway. `drain()` instead stops accepting connections,
 * answers every request it had read before with the handler's reply (streams to their end), answers a
 * request that arrives after the drain began with 503 at once (it was not started, so the caller may send
 * it elsewhere; the gateway answers it as "Service temporarily unavailable"), and closes each connection
 * once nothing is in flight on it.
 */
export class DrainingTcpServer extends ServerTCP {
  private readonly perSocket = new Map<Socket, number>();
  private inFlight = 0;
  private draining = false;
  private idle?: () => void;

  constructor(options: TcpServerOptions) {
    super(options);
  }

  /** Requests read and not yet answered. */
  get pending(): number {
    return this.inFlight;
  }

  override bindHandler(socket: Socket): void {
    this.perSocket.set(socket, 0);
    socket.once('close', () => {
      const left = this.perSocket.get(socket) ?? 0;
      this.perSocket.delete(socket);
      // The caller went away: its replies have nowhere to go, and nobody waits for them.
      if (left > 0) this.settle(left);
    });
    super.bindHandler(socket);
  }

  override async handleMessage(socket: TcpSocket, rawMessage: unknown): Promise<unknown> {
    const id = (rawMessage as { id?: string } | null)?.id;
    if (id === undefined) return super.handleMessage(socket, rawMessage); // an event: no reply
    if (this.draining) {
      if (socket.netSocket.writableEnded) return undefined; // the caller sees the close and retries
      const refused: RpcErrorBody = { status: 503, error: ERRORS.serviceUnavailable };
      socket.sendMessage(this.serializer.serialize({ id, err: refused, isDisposed: true }));
      return undefined;
    }
    const net = socket.netSocket;
    this.perSocket.set(net, (this.perSocket.get(net) ?? 0) + 1);
    this.inFlight += 1;
    let answered = false;
    const finish = () => {
      if (answered) return;
      answered = true;
      const left = (this.perSocket.get(net) ?? 1) - 1;
      if (this.perSocket.has(net)) this.perSocket.set(net, left);
      this.settle(1);
      if (this.draining && left === 0) net.end();
    };
    // The reply's last packet carries `isDisposed` (or `err` for a failure or a missing handler).
    const tracked = Object.create(socket) as TcpSocket;
    tracked.sendMessage = (message: unknown, callback?: (err?: unknown) => void) => {
      socket.sendMessage(message, callback);
      const packet = message as OutgoingPacket;
      if (packet.isDisposed || packet.err !== undefined) finish();
    };
    try {
      return await super.handleMessage(tracked, rawMessage);
    } catch (error) {
      finish();
      throw error;
    }
  }

  /**
   * Stops accepting connections and resolves once every request read so far has been answered and every
   * connection closed. New requests on open connections are refused with 503 meanwhile.
   */
  async drain(): Promise<void> {
    this.draining = true;
    this.isManuallyTerminated = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const [socket, count] of this.perSocket) if (count === 0) socket.end();
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    // Callers end their side when they see ours end; one that does not is cut loose after a moment.
    const cutLoose = setTimeout(() => {
      for (const socket of this.perSocket.keys()) socket.destroy();
    }, 1000);
    await closed;
    clearTimeout(cutLoose);
  }

  private settle(count: number): void {
    this.inFlight = Math.max(0, this.inFlight - count);
    if (this.inFlight === 0 && this.idle) {
      const idle = this.idle;
      this.idle = undefined;
      idle();
    }
  }
}
