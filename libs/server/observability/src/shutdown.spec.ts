import { once, ShutdownCoordinator } from './shutdown';

describe('ShutdownCoordinator', () => {
  it('runs the phases in order, the steps of one phase together, and logs each step', async () => {
    const coordinator = new ShutdownCoordinator();
    const events: string[] = [];
    const step = (name: string, ms: number) => async () => {
      events.push(`${name} start`);
      await new Promise((r) => setTimeout(r, ms));
      events.push(`${name} end`);
    };
    coordinator.register({ phase: 'storage', name: 'db', stop: step('db', 1) });
    coordinator.register({ phase: 'work', name: 'consumer', stop: step('consumer', 20) });
    coordinator.register({ phase: 'work', name: 'workers', stop: step('workers', 5) });
    coordinator.register({ phase: 'requests', name: 'rpc', stop: step('rpc', 5) });
    const lines: string[] = [];
    await coordinator.drain((_level, message) => lines.push(message));
    expect(events).toEqual([
      'rpc start',
      'rpc end',
      'consumer start',
      'workers start',
      'workers end',
      'consumer end',
      'db start',
      'db end',
    ]);
    expect(lines[0]).toBe('shutdown: requests/rpc stopping');
    expect(lines.at(-1)).toMatch(/^shutdown: storage\/db stopped in \d+ ms$/);
  });

  it('names what is still busy, goes on after a failed step, and drains only once', async () => {
    const coordinator = new ShutdownCoordinator();
    let release!: () => void;
    let runs = 0;
    coordinator.register({
      phase: 'requests',
      name: 'rpc',
      stop: async () => {
        throw new Error('socket gone');
      },
    });
    coordinator.register({
      phase: 'work',
      name: 'queue workers',
      stop: () => {
        runs += 1;
        return new Promise<void>((r) => (release = r));
      },
      busy: () => 'export-jobs: 1 active job(s)',
    });
    const lines: string[] = [];
    const drained = coordinator.drain((level, message) => lines.push(`${level} ${message}`));
    expect(coordinator.draining).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(coordinator.busy()).toEqual(['work/queue workers (export-jobs: 1 active job(s))']);
    expect(lines).toContain('error shutdown: requests/rpc failed: socket gone');
    expect(coordinator.drain()).toBe(drained);
    release();
    await drained;
    expect(coordinator.busy()).toEqual([]);
    expect(runs).toBe(1);
  });

  it('once runs its function a single time however often it is called', async () => {
    let calls = 0;
    const close = once(async () => {
      calls += 1;
    });
    await Promise.all([close(), close()]);
    await close();
    expect(calls).toBe(1);
  });
});
