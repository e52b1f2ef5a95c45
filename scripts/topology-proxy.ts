// The topology's round-robin proxy (ADR 135) as a process of its own, for `npm run bench:topology`:
//   node --import tsx scripts/topology-proxy.ts <name>:<port> [<name>:<port> …]
// prints `PROXY http://127.0.0.1:<port>` when it listens; on SIGTERM prints what each upstream
// served and leaves.
import { RoundRobinProxy } from './topology.ts';

const upstreams = process.argv.slice(2).map((arg) => {
  const [name, port] = arg.split(':');
  return { name: name!, port: Number(port) };
});
const proxy = new RoundRobinProxy(upstreams);
console.log(`PROXY ${await proxy.listen()}`);
process.on('SIGTERM', () => {
  console.log(`[proxy] served ${[...proxy.served].map(([name, count]) => `${name} ${count}`).join(', ')}; passed on ${proxy.retried}; 502 ${proxy.failed}`);
  void proxy.close().then(() => process.exit(0));
});
