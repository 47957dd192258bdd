import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: the nearest folder up from here with nx.json (works from src/ and from dist/). */
const ROOT = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'nx.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

export interface RunningApp {
  name: string;
  /** The environment it was started with, to start it again (e.g. after a graceful-shutdown test). */
  env: Record<string, string>;
  process: ChildProcess;
  output(): string;
  /**
   * The exit code, once the process has exited and its stdout and stderr are read to the end ('close', not
   * 'exit': on 'exit' the last lines it wrote may still be in the pipe, and output() would miss them).
   */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * Runs a built app (`dist/apps/<name>/src/<entry>.js`) as a real process with the given environment and
 * command line arguments, the way it runs in production. Output is kept for assertions and failure messages.
 */
export function startApp(
  name: string,
  env: Record<string, string>,
  entry = 'main',
  args: string[] = [],
): RunningApp {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'apps', name, 'src', `${entry}.js`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code));
    // A grandchild that kept the pipes open (a browser the app started) must not hold this up for ever.
    child.once('exit', (code) => setTimeout(() => resolve(code), 2_000).unref());
  });
  return {
    name,
    env,
    process: child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs an app's one-shot entry point (`migrate`, `cli`) to completion; returns its exit code and output. */
export async function runOnce(
  name: string,
  env: Record<string, string>,
  entry: string,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const app = startApp(name, env, entry, args);
  const code = await app.exited;
  return { code, output: app.output() };
}
