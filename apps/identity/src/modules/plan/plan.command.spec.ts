import { EXIT, parsePlanCommand, runPlanCommand, type PlanCommandDeps } from './plan.command';

function io() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) };
}

const ada = { userId: 'u1', email: 'ada@example.com' };

describe('parsePlanCommand', () => {
  it('reads grant, revoke and show with an e-mail, trimmed and in lower case', () => {
    expect(parsePlanCommand(['plan', 'grant', 'ada@example.com'])).toEqual({
      action: 'grant',
      email: 'ada@example.com',
    });
    expect(parsePlanCommand(['plan', 'revoke', ' Ada@Example.com '])).toEqual({
      action: 'revoke',
      email: 'ada@example.com',
    });
    expect(parsePlanCommand(['plan', 'show', 'ada@example.com'])).toMatchObject({ action: 'show' });
  });

  it('asks for help with no arguments or --help', () => {
    expect(parsePlanCommand([])).toEqual({ help: true });
    expect(parsePlanCommand(['plan', '--help'])).toEqual({ help: true });
  });

  it('says what is wrong with the arguments', () => {
    expect(parsePlanCommand(['user', 'grant', 'a@b.co'])).toEqual({ error: 'unknown command "user"' });
    expect(parsePlanCommand(['plan', 'upgrade', 'a@b.co'])).toEqual({
      error: 'unknown plan action "upgrade"',
    });
    expect(parsePlanCommand(['plan'])).toEqual({ error: 'missing plan action (grant, revoke or show)' });
    expect(parsePlanCommand(['plan', 'grant'])).toEqual({
      error: 'missing e-mail address: plan grant <email>',
    });
    expect(parsePlanCommand(['plan', 'grant', 'nobody'])).toEqual({
      error: '"nobody" is not an e-mail address',
    });
    expect(parsePlanCommand(['plan', 'grant', 'a@b.co', 'x'])).toEqual({ error: 'unexpected argument "x"' });
  });
});

describe('runPlanCommand', () => {
  const deps = (overrides: Partial<PlanCommandDeps> = {}): PlanCommandDeps => ({
    changePlan: async (_email, plan) => ({ ...ada, previous: 'free', plan, changed: plan === 'premium' }),
    showPlan: async () => ({ email: ada.email, plan: 'premium' }),
    ...overrides,
  });

  it('grants premium and says what it was before', async () => {
    const out = io();
    expect(await runPlanCommand({ action: 'grant', email: ada.email }, deps(), out)).toBe(EXIT.ok);
    expect(out.lines.out).toEqual(['ada@example.com: premium granted (was free)']);
  });

  it('revokes premium, or says nothing changed', async () => {
    const out = io();
    const revoking = deps({
      changePlan: async (_e, plan) => ({ ...ada, previous: 'premium', plan, changed: true }),
    });
    expect(await runPlanCommand({ action: 'revoke', email: ada.email }, revoking, out)).toBe(EXIT.ok);
    expect(await runPlanCommand({ action: 'revoke', email: ada.email }, deps(), out)).toBe(EXIT.ok);
    expect(out.lines.out).toEqual([
      'ada@example.com: premium revoked, now on the free plan',
      'ada@example.com is already on the free plan; nothing changed',
    ]);
  });

  it('shows the plan', async () => {
    const out = io();
    expect(await runPlanCommand({ action: 'show', email: ada.email }, deps(), out)).toBe(EXIT.ok);
    expect(out.lines.out).toEqual(['ada@example.com: premium']);
  });

  it('exits 1 naming the e-mail when there is no such account', async () => {
    const none = deps({ changePlan: async () => null, showPlan: async () => null });
    for (const action of ['grant', 'revoke', 'show'] as const) {
      const out = io();
      expect(await runPlanCommand({ action, email: 'who@example.com' }, none, out)).toBe(EXIT.notFound);
      expect(out.lines.err).toEqual(['No account with e-mail who@example.com']);
    }
  });
});
