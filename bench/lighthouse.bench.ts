/**
 * Lighthouse on the built web app as production serves it: the built gateway (dist/apps/gateway, the
 * same static serving, headers and cache policy as in production) serving dist/apps/web, with Debian's
 * Chromium. Prints the landing page's performance and accessibility scores with the mobile (default) and
 * desktop presets and the top findings below 100, and what JavaScript two routes need, gzipped:
 *
 * - the landing page: every script the page loaded during Lighthouse's navigation (before any
 *   interaction), and what index.html references (entry + modulepreloads); each file's gzip size;
 * - /dashboard: the entry and its static imports, plus the lazily loaded DashboardPage chunk and its
 *   static imports (what the route needs to render); chunks it loads later with import() (Highcharts)
 *   are listed apart.
 *
 *   npm run bench:web   (= node bench/lighthouse.bench.ts; BENCH_LIGHTHOUSE_RUNS, BENCH_SKIP_BUILD=1)
 *
 * Only the gateway is started: the landing page makes no API call, and the gateway connects a service's
 * RPC client only on its first call. Each preset runs BENCH_LIGHTHOUSE_RUNS times (default 3); the median
 * run by performance score is reported. Lighthouse's mobile preset simulates a slow 4G and a 4× slower
 * CPU; this machine's cores are shared with everything else running here, which moves the performance
 * score by a few points between runs. Writes bench/results/lighthouse-<timestamp>.json.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { infraFromEnv, numberFromEnv, ROOT, runBench, table, type BenchContext } from './lib/harness.ts';
import { freePorts, get, startNodeProcess, waitUntil } from './lib/processes.ts';

const RUNS = Math.round(numberFromEnv('BENCH_LIGHTHOUSE_RUNS', 3, 1, 9));
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const WEB_DIST = join(ROOT, 'dist', 'apps', 'web');
const ASSETS = join(WEB_DIST, 'assets');
const infra = infraFromEnv();

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const gzipSize = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;

/* ---------- the JavaScript a route needs, from the built files ---------- */

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) found.add(m[1]!);
  return [...found];
}

/** Dynamic imports of a built chunk: `import("./x.js")`. */
function dynamicImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  return [...new Set([...code.matchAll(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((m) => m[1]!))];
}

/** `roots` and every chunk they import statically, transitively. */
function staticClosure(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen];
}

interface JsBudget {
  files: Array<{ file: string; gzipKB: number }>;
  totalGzipKB: number;
}

function budget(files: string[]): JsBudget {
  const sized = files.map((file) => ({ file, bytes: gzipSize(file) })).sort((a, b) => b.bytes - a.bytes);
  return {
    files: sized.map(({ file, bytes }) => ({ file, gzipKB: kb(bytes) })),
    totalGzipKB: kb(sized.reduce((sum, f) => sum + f.bytes, 0)),
  };
}

function routeBudgets(): { indexHtml: JsBudget; dashboard: JsBudget & { laterChunks: string[] } } {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const referenced = [
    ...html.matchAll(
      /<script[^>]+src="\/assets\/([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);
  const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error('dist/apps/web/index.html has no module script');
  const entryClosure = staticClosure([entry]);
  const dashboardChunk = entryClosure
    .flatMap((f) => dynamicImports(f))
    .find((f) => f.startsWith('DashboardPage-'));
  if (!dashboardChunk) throw new Error('no DashboardPage-*.js chunk imported by the entry (routes.tsx)');
  const dashboardFiles = staticClosure([entry, dashboardChunk]);
  const laterChunks = [
    ...new Set(
      dashboardFiles
        .filter((f) => !entryClosure.includes(f))
        .flatMap((f) => dynamicImports(f))
        .filter((f) => !dashboardFiles.includes(f)),
    ),
  ];
  return {
    indexHtml: budget([...new Set([...referenced, ...entryClosure])]),
    dashboard: { ...budget(dashboardFiles), laterChunks },
  };
}

/* ---------- Lighthouse ---------- */

interface PresetResult {
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  /** Scripts the page loaded during the navigation, from Lighthouse's network records. */
  scriptsLoaded: string[];
  findings: string[];
  runs: Array<{ performance: number; accessibility: number }>;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** Audits of the two categories that scored below 1, worst first, with Lighthouse's estimated savings. */
function findings(lhr: Result): string[] {
  const out: Array<{ line: string; weight: number }> = [];
  for (const id of ['performance', 'accessibility'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      const detail = audit.displayValue ? ` (${audit.displayValue})` : '';
      out.push({ line: `${id}: ${audit.title}${detail}`, weight: (1 - audit.score) * (ref.weight + 0.1) });
    }
  }
  for (const [id, audit] of Object.entries(lhr.audits)) {
    const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined;
    if (details?.type === 'opportunity' && (details.overallSavingsMs ?? 0) >= 50) {
      out.push({
        line: `opportunity: ${audit.title} (~${Math.round(details.overallSavingsMs!)} ms) [${id}]`,
        weight: 0.5,
      });
    }
  }
  return [...new Set(out.sort((a, b) => b.weight - a.weight).map((f) => f.line))].slice(0, 8);
}

async function runPreset(
  ctx: BenchContext,
  url: string,
  preset: 'mobile' | 'desktop',
): Promise<PresetResult> {
  const runs: Array<{ lhr: Result; performance: number; accessibility: number }> = [];
  let retries = 2; // Lighthouse's trace sometimes misses the navigation (NO_NAVSTART): run that one again
  for (let i = 0; i < RUNS; i += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
      logLevel: 'silent',
    });
    try {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      };
      const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) {
        const why = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
        if (retries <= 0) throw new Error(`Lighthouse: ${why}`);
        retries -= 1;
        ctx.log(`${preset} run ${i + 1}/${RUNS}: ${why}; running it again`);
        i -= 1;
        continue;
      }
      const performance = Math.round((lhr.categories['performance']?.score ?? 0) * 100);
      const accessibility = Math.round((lhr.categories['accessibility']?.score ?? 0) * 100);
      ctx.log(`${preset} run ${i + 1}/${RUNS}: performance ${performance}, accessibility ${accessibility}`);
      runs.push({ lhr, performance, accessibility });
    } finally {
      chrome.kill();
    }
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
  const requests =
    (
      median.lhr.audits['network-requests']?.details as {
        items?: Array<{ url: string; resourceType?: string }>;
      }
    )?.items ?? [];
  return {
    preset,
    performance: median.performance,
    accessibility: median.accessibility,
    metrics: Object.fromEntries(METRICS.map((id) => [id, median.lhr.audits[id]?.displayValue ?? 'n/a'])),
    scriptsLoaded: requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => new URL(r.url).pathname.replace(/^\/assets\//, '')),
    findings: findings(median.lhr),
    runs: runs.map(({ performance, accessibility }) => ({ performance, accessibility })),
  };
}

/* ---------- the run ---------- */

await runBench({ name: 'lighthouse', deadlineMs: (120 + RUNS * 2 * 90) * 1000 }, async (ctx) => {
  if (process.env['BENCH_SKIP_BUILD'] !== '1') {
    ctx.log('building the web app (nx run web:build)');
    const built = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'nx'),
      ['run', 'web:build', '--output-style=static'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 300_000,
        env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' },
      },
    );
    if (built.status !== 0)
      throw new Error(`web build failed:\n${(built.stdout + built.stderr).slice(-3000)}`);
  }

  const [port, ...unused] = await freePorts(6);
  const origin = `http://127.0.0.1:${port}`;
  const gateway = startNodeProcess(
    'gateway',
    join(ROOT, 'dist', 'apps', 'gateway', 'src', 'main.js'),
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      REDIS_URL: infra.redisUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      JWKS_URL: `http://127.0.0.1:${unused[0]}/.well-known/jwks.json`,
      ...Object.fromEntries(
        ['IDENTITY', 'SESSIONS', 'COACHING', 'GAMIFICATION', 'EXPORT'].map((n, i) => [
          `${n}_RPC_URL`,
          `tcp://127.0.0.1:${unused[i]}`,
        ]),
      ),
      WEB_DIST_DIR: 'dist/apps/web',
    },
    { cwd: ROOT, logFile: join(ctx.logDir, 'gateway.log') },
  );
  ctx.onCleanup(() => gateway.stop(8000));
  await waitUntil('the gateway serves /', async () => (await get(`${origin}/`)).status === 200, {
    timeoutMs: 30_000,
    abort: () => (gateway.exited() ? `the gateway exited:\n${gateway.tail()}` : undefined),
  });
  ctx.log(`gateway (web build only) at ${origin}; Lighthouse ${RUNS}× per preset on /`);

  const mobile = await runPreset(ctx, `${origin}/`, 'mobile');
  const desktop = await runPreset(ctx, `${origin}/`, 'desktop');
  const budgets = routeBudgets();
  const landingLoaded = budget([...new Set(mobile.scriptsLoaded)]);

  console.log('\nLanding page (/), median run of each preset');
  console.log(
    table([
      ['preset', 'performance', 'accessibility', ...METRICS.map((m) => m.replace(/-/g, ' '))],
      ...[mobile, desktop].map((r) => [
        r.preset,
        String(r.performance),
        String(r.accessibility),
        ...METRICS.map((m) => r.metrics[m]!),
      ]),
    ]),
  );
  console.log('\nJavaScript, gzip -9 of the built files');
  console.log(
    table([
      ['what', 'files', 'KB gz'],
      [
        'landing: loaded during the navigation',
        String(landingLoaded.files.length),
        String(landingLoaded.totalGzipKB),
      ],
      [
        'landing: index.html entry + modulepreloads',
        String(budgets.indexHtml.files.length),
        String(budgets.indexHtml.totalGzipKB),
      ],
      [
        '/dashboard: entry + DashboardPage chunk, static imports',
        String(budgets.dashboard.files.length),
        String(budgets.dashboard.totalGzipKB),
      ],
    ]),
  );
  for (const f of budgets.dashboard.files) console.log(`  /dashboard ${f.file}: ${f.gzipKB} KB`);
  if (budgets.dashboard.laterChunks.length > 0) {
    const later = budget(budgets.dashboard.laterChunks);
    console.log(
      `  loaded later by the dashboard with import(): ${later.files.map((f) => `${f.file} ${f.gzipKB} KB`).join(', ')}`,
    );
  }
  for (const r of [mobile, desktop]) {
    if (r.findings.length > 0) console.log(`\nTop findings (${r.preset}):\n  ${r.findings.join('\n  ')}`);
  }
  const file = ctx.writeResults({ url: '/', runsPerPreset: RUNS, mobile, desktop, landingLoaded, budgets });
  console.log(`\nresults: ${file}`);
  return true;
});
