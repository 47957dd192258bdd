import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * infra/docker/Dockerfile builds every server image. There is no Docker engine on development machines
 * or in CI, so these checks read the file itself: multi-stage, small non-root runtime images with a
 * HEALTHCHECK, no package manager run and no sources in the final stages, only built code and production
 * node_modules copied into them, the web build in the gateway image.
 */

const repoRoot = join(__dirname, '..', '..', '..', '..');
const dockerfile = readFileSync(join(repoRoot, 'infra/docker/Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(repoRoot, '.dockerignore'), 'utf8');
const entrypoint = readFileSync(join(repoRoot, 'infra/docker/entrypoint.sh'), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile: comments dropped, `\` continuations joined. */
function instructions(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return logical.map((line) => {
    const at = line.search(/\s/);
    return at < 0
      ? { keyword: line.toUpperCase(), args: '' }
      : { keyword: line.slice(0, at).toUpperCase(), args: line.slice(at + 1).trim() };
  });
}

function parse(text: string): { args: Record<string, string>; stages: Stage[] } {
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructions(text)) {
    if (instruction.keyword === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!m) throw new Error(`cannot read FROM ${instruction.args}`);
      stages.push({ name: m[2] ?? String(stages.length), from: m[1] as string, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [name, value] = instruction.args.split('=');
        args[name as string] = (value ?? '').replace(/^"|"$/g, '');
      }
    } else {
      (stages[stages.length - 1] as Stage).instructions.push(instruction);
    }
  }
  return { args, stages };
}

const { args, stages } = parse(dockerfile);
const stage = (name: string): Stage => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
};

/** A stage with the stages it is built FROM, base first: what ends up in its image. */
function chain(name: string): Stage[] {
  const s = stage(name);
  return stages.some((other) => other.name === s.from) ? [...chain(s.from), s] : [s];
}
const baseImage = (name: string) => {
  const from = (chain(name)[0] as Stage).from;
  return from.replace(/^\$\{?([A-Z_]+)\}?$/, (_m, arg: string) => args[arg] ?? '');
};
const inImage = (name: string) => chain(name).flatMap((s) => s.instructions);

/** The images people run: the default (last) stage and the migrate target. */
const finalStages = [(stages[stages.length - 1] as Stage).name, 'migrate'];

describe('infra/docker/Dockerfile', () => {
  it('is multi-stage, building in separate stages from the ones that are shipped', () => {
    expect(stages.length).toBeGreaterThanOrEqual(4);
    expect(finalStages[0]).toBe('app');
    const buildStage = stages.find((s) => s.instructions.some((i) => /nx run-many -t build/.test(i.args)));
    expect(buildStage).toBeDefined();
    for (const name of finalStages) expect(chain(name).map((s) => s.name)).not.toContain(buildStage?.name);
  });

  it.each(finalStages)('%s: starts from a small Node runtime image', (name) => {
    expect(baseImage(name)).toMatch(/^node:\d+(-[a-z]+)*-(slim|alpine)$|distroless/);
  });

  it.each(finalStages)('%s: runs as a numeric non-root user', (name) => {
    const users = inImage(name).filter((i) => i.keyword === 'USER');
    const user = users[users.length - 1]?.args ?? 'root';
    const uid = user.split(':')[0] as string;
    expect(uid).toMatch(/^\d+$/); // numeric, so Kubernetes' runAsNonRoot can verify it
    expect(Number(uid)).toBeGreaterThan(0);
    // Nothing after the switch goes back to root.
    const all = inImage(name);
    const lastUser = all.map((i) => i.keyword).lastIndexOf('USER');
    expect(all.slice(lastUser + 1).filter((i) => i.keyword === 'USER')).toEqual([]);
  });

  it('app: has a HEALTHCHECK that probes the app; migrate (one-shot) turns it off', () => {
    const health = inImage('app').filter((i) => i.keyword === 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]?.args).toMatch(/CMD\s+\[.*healthcheck\.cjs.*\/health\/live/);
    const migrate = inImage('migrate').filter((i) => i.keyword === 'HEALTHCHECK');
    expect(migrate.map((i) => i.args)).toEqual(['NONE']);
  });

  it.each(finalStages)('%s: runs no Node package manager; OS packages only lean and cleaned up', (name) => {
    const runs = inImage(name).filter((i) => i.keyword === 'RUN');
    for (const run of runs) {
      // Removing npm is fine; running it (install, ci, exec) is not: dependencies come from prod-deps.
      const withoutRemovals = run.args.replace(/\brm\s+-rf?\s+[^;&|]*/g, '');
      expect(withoutRemovals).not.toMatch(/\b(npm|npx|yarn|pnpm|corepack)\b/);
      // A system package (a font the PDFs embed) may be added, without recommends and without apt's lists.
      if (/\bapt-get install\b/.test(run.args)) {
        expect(run.args).toMatch(/--no-install-recommends/);
        expect(run.args).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
      }
      expect(run.args).not.toMatch(/\b(apk add|pip install|curl|wget)\b/);
    }
  });

  it.each(finalStages)(
    '%s: copies only built code, production node_modules and the image scripts',
    (name) => {
      const copies = inImage(name).filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD');
      expect(copies.filter((c) => c.keyword === 'ADD')).toEqual([]);
      for (const copy of copies) {
        const from = /--from=(\S+)/.exec(copy.args)?.[1];
        const paths = copy.args
          .split(/\s+/)
          .filter((part) => !part.startsWith('--'))
          .slice(0, -1);
        if (!from) {
          // From the build context: only the image's own scripts.
          expect(paths.every((p) => p.startsWith('infra/docker/'))).toBe(true);
        } else if (from === 'prod-deps') {
          expect(paths.every((p) => /^\/app\/(node_modules|package\.json)$/.test(p))).toBe(true);
        } else {
          expect(from).toMatch(/^assemble/);
          expect(paths).toEqual(['/out/']);
        }
      }
    },
  );

  it('installs production dependencies only for the shipped node_modules', () => {
    const installs = stage('prod-deps').instructions.filter(
      (i) => i.keyword === 'RUN' && /\bnpm (install|ci)\b/.test(i.args),
    );
    expect(installs).toHaveLength(1);
    expect(installs[0]?.args).toMatch(/--omit=dev/);
    expect(stage('prod-deps').instructions.some((i) => i.keyword === 'COPY' && /^\.\s/.test(i.args))).toBe(
      false,
    ); // manifests only, no sources
  });

  it('assembles only compiled output (dist), without the test helpers, and the web build for the gateway', () => {
    for (const name of ['assemble', 'assemble-migrate']) {
      const script = stage(name)
        .instructions.filter((i) => i.keyword === 'RUN')
        .map((i) => i.args)
        .join('\n');
      const sources = [...script.matchAll(/cp -a "?([^"\s]+)"?\s/g)].map((m) => m[1]);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.every((s) => s?.startsWith('dist/'))).toBe(true);
      expect(script).toMatch(/rm -rf \/out\/dist\/libs\/server\/testing/);
    }
    expect(
      stage('assemble')
        .instructions.map((i) => i.args)
        .join('\n'),
    ).toMatch(/APP\}?"? = gateway[\s\S]*cp -a dist\/apps\/web/);
  });

  it('starts node through an entrypoint that execs it, so SIGTERM reaches the app', () => {
    const entry = inImage('app').filter((i) => i.keyword === 'ENTRYPOINT');
    expect(entry[entry.length - 1]?.args).toMatch(/^\[.*\]$/); // exec form, no shell in between
    expect(entrypoint).toMatch(/exec node "dist\/apps\/\$\{APP\}\/src\/main\.js"/);
  });

  it('leaves out of the server images only packages no server code imports (WEB_ONLY_PACKAGES)', () => {
    const webOnly =
      /^ARG WEB_ONLY_PACKAGES="([^"]*)"$/m.exec(dockerfile)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
    expect(webOnly.length).toBeGreaterThan(0);
    const rootDependencies = Object.keys(
      (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: object })
        .dependencies,
    );
    expect(webOnly.filter((name) => !rootDependencies.includes(name))).toEqual([]);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? walk(join(dir, entry.name))
          : /\.(ts|cjs|js)$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    const serverCode = [
      ...['gateway', 'identity', 'sessions', 'coaching', 'gamification', 'export'].map(
        (app) => `apps/${app}/src`,
      ),
      'libs/server',
      'libs/contracts/src',
    ].flatMap((dir) => walk(join(repoRoot, dir)));
    const importers = serverCode.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return webOnly
        .filter((name) => new RegExp(`(from |require\\()'${name.replace('/', '\\/')}(/[^']*)?'`).test(text))
        .map((name) => `${file.slice(repoRoot.length + 1)} imports ${name}`);
    });
    expect(importers).toEqual([]);
  });

  it('keeps secrets, dependencies and build output out of the build context', () => {
    const ignored = dockerignore.split('\n').map((line) => line.trim());
    for (const entry of ['.env', 'node_modules', 'dist', '.git'])
      expect(ignored.some((line) => line.replace(/^\*\*\//, '').replace(/\/$/, '') === entry)).toBe(true);
  });
});
