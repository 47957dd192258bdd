/**
 * A round-robin TCP balancer as a process of its own: `node bench/lib/balancer.ts PORT BACKEND,BACKEND…`
 * listens on 127.0.0.1:PORT and sends each new connection to the next backend port, as a Kubernetes
 * Service balances connections. Its own process, so that piping every RPC byte does not share the load
 * generator's event loop (whose timers measure the latencies).
 */
import { connect, createServer } from 'node:net';

const [port, list] = process.argv.slice(2);
const backends = (list ?? '').split(',').map(Number);
if (!port || backends.length === 0 || backends.some((b) => !Number.isInteger(b))) {
  console.error('usage: node bench/lib/balancer.ts PORT BACKEND_PORT,BACKEND_PORT…');
  process.exit(64);
}
let next = 0;
const server = createServer((client) => {
  const upstream = connect(backends[next++ % backends.length]!, '127.0.0.1');
  for (const s of [client, upstream]) {
    s.setNoDelay(true);
    s.on('error', () => {
      client.destroy();
      upstream.destroy();
    });
  }
  client.pipe(upstream).pipe(client);
});
server.listen(Number(port), '127.0.0.1', () => console.log(`balancing :${port} over ${backends.join(', ')}`));
process.on('SIGTERM', () => process.exit(0));
