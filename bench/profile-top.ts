/**
 * The top costs in V8 CPU profiles (`.cpuprofile`, as `--cpu-prof` writes them; a bench run with
 * BENCH_CPU_PROF=DIR leaves one per process in DIR/<name>/):
 *
 *   node bench/profile-top.ts DIR/gateway [--top 25]
 *
 * Prints self time by function and by package (node_modules/<package>, our own code by its path, Node's
 * internals as `node:`), as a share of the profile's busy (non-idle) time. Profiles in the folder are
 * added up.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { table } from './lib/harness.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const target = positionals[0];
if (!target) {
  console.error('usage: node bench/profile-top.ts <file.cpuprofile | folder> [--top N]');
  process.exit(2);
}
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(target, f))
  : [target];
if (files.length === 0) {
  console.error(`no .cpuprofile in ${target}`);
  process.exit(2);
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** Where a frame's code lives: a package, our code, or Node itself. */
function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const dist = url.indexOf('/dist/');
  return dist >= 0
    ? url
        .slice(dist + 1)
        .split('/')
        .slice(0, 4)
        .join('/')
    : url;
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let busy = 0;
let total = 0;
let gc = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    if (frame.functionName === '(garbage collector)') gc += us;
    if (IDLE.has(frame.functionName)) return;
    busy += us;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg = packageOf(frame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  });
}

const top = Number(values.top);
const pct = (us: number) => `${((100 * us) / busy).toFixed(1)} %`;
const ms = (us: number) => (us / 1000).toFixed(0);
console.log(
  `${files.length} profile(s): ${ms(total)} ms sampled, ${ms(busy)} ms busy (not idle, program or GC), GC ${ms(gc)} ms\n`,
);
const rows = (map: Map<string, number>, head: string) => [
  [head, 'self ms', 'share of busy'],
  ...[...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => [k.length > 110 ? `${k.slice(0, 107)}...` : k, ms(us), pct(us)]),
];
console.log(table(rows(byPackage, 'package')));
console.log();
console.log(table(rows(byFunction, 'function')));
