import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

export interface RunningApp {
  name: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Runs a built app (`dist/apps/<name>/src/<entry>.js`) as a real process with the given environment, the
 * way it runs in production. Output is kept for assertions and for failure messages.
 */
export function startApp(name: string, env: Record<string, string>, entry = 'main'): RunningApp {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'apps', name, 'src', `${entry}.js`)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs an app's one-shot entry point (e.g. `migrate`) to completion and returns its exit code and output. */
export async function runOnce(
  name: string,
  env: Record<string, string>,
  entry: string,
): Promise<{ code: number | null; output: string }> {
  const app = startApp(name, env, entry);
  const code = await new Promise<number | null>((resolve) => app.process.once('exit', (c) => resolve(c)));
  return { code, output: app.output() };
}
