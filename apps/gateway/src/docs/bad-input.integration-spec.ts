import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createTestUser,
  generateRequests,
  mintAccessToken,
  multipartBody,
  startSpeechServerDouble,
  startSystem,
  type GeneratedRequest,
  type OpenApiDocument,
  type SpeechServerDouble,
  type TestSystem,
  type TestUser,
} from '@parley/server-testing';

/**
 * Bad input never reaches a 5xx. Every operation of the OpenAPI document the gateway serves (generated
 * from the zod contracts) gets requests whose parameters and bodies are built from its own schemas and
 * then broken: wrong types, NUL and other control characters, unpaired surrogates, values one past a
 * limit, unknown and missing fields. They go to the real gateway and services; each must be answered
 * with something below 500. The figures of each run are printed and written to
 * dist/test-reports/bad-input.json. BAD_INPUT_SEED=<n> replays a run.
 */
let system: TestSystem;
let user: TestUser;
/** Voice mode's speech server, so a well-formed request to the speech routes is answered, not 503. */
let speech: SpeechServerDouble;

const SEED = Number(process.env['BAD_INPUT_SEED'] ?? Date.now() % 1_000_000);
const PER_OPERATION = { withBody: 8, withoutBody: 3 };

function clientIp(): string {
  const octet = () => Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function send(request: GeneratedRequest): Promise<{ status: number; body: string }> {
  // A token of its own for each request: a generated sign-out would otherwise end the next ones' session.
  const token = await mintAccessToken(system, user.id, { email: user.email });
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': clientIp() };
  let body: string | FormData | undefined;
  if (request.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body) ?? '';
  } else if (request.kind === 'multipart') {
    body = multipartBody(request.body as { field: string; type: string; bytes: number });
  }
  const res = await fetch(`${system.baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, body: '(event stream)' };
  }
  return { status: res.status, body: (await res.text()).slice(0, 300) };
}

describe('bad input against every route of the OpenAPI document', () => {
  beforeAll(async () => {
    speech = await startSpeechServerDouble({ msPerWord: 10 });
    system = await startSystem({
      label: 'badinput',
      env: {
        gateway: {
          TRUST_PROXY: 'true',
          RATE_LIMIT_PER_MINUTE: '1000000',
          AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        },
        coaching: {
          AI_CALLS_PER_USER_PER_MINUTE: '10000',
          OPENAI_TRANSCRIBE_BASE_URL: speech.baseUrl,
          OPENAI_SPEECH_BASE_URL: speech.baseUrl,
        },
      },
    });
    user = await createTestUser(system, { fullName: 'Fuzz Tester' });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await speech?.close();
  });

  // The id reached sessions' own validation before the chat payloads followed the text rule; either side
  // must answer 400 naming the field, never a 503.
  it('answers a control character in a scenario id with 400 and the field, not a 503', async () => {
    const res = await fetch(`${system.baseUrl}/api/chat/generate-opening`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'x-forwarded-for': clientIp(),
      },
      body: JSON.stringify({ title: 'A raise', description: 'Ask for one', scenario_id: 'a\u0000b' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'scenario_id: must not contain control characters' });
  });

  it('answers every generated request below 500', async () => {
    const doc = (await (await fetch(`${system.baseUrl}/api/docs/openapi.json`)).json()) as OpenApiDocument;
    const requests = generateRequests(
      doc,
      { ...PER_OPERATION, seed: SEED },
      { knownParams: { userId: user.id } },
    );
    const started = performance.now();
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    // A few at a time, as several clients would.
    const queue = [...requests];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let request = queue.shift(); request; request = queue.shift()) {
          const { status, body } = await send(request);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500)
            serverErrors.push(
              `${status} ${request.method} ${request.url} ${JSON.stringify(request.body) ?? ''} -> ${body}`,
            );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const operations = new Set(requests.map((r) => `${r.method} ${r.route}`)).size;
    const report = {
      seed: SEED,
      operations,
      requests: requests.length,
      serverErrors: serverErrors.length,
      seconds: Number(seconds.toFixed(1)),
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    };
    console.log(
      `bad-input suite: ${report.requests} generated requests over ${operations} operations in ${report.seconds} s, ` +
        `${report.serverErrors} answered 5xx (seed ${SEED}); statuses ${JSON.stringify(report.statuses)}`,
    );
    const dir = join(__dirname, '../../../../dist/test-reports');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'bad-input.json'),
      JSON.stringify({ ...report, failures: serverErrors }, null, 2),
    );

    if (serverErrors.length > 0) {
      // What the services logged as errors, to find the cause without a second run.
      for (const app of system.apps) {
        const errors = app
          .output()
          .split('\n')
          .filter((line) => /"level":"(error|fatal)"/.test(line))
          .slice(-5);
        if (errors.length > 0) console.log(`--- ${app.name}\n${errors.join('\n').slice(0, 4000)}`);
      }
    }
    expect(operations).toBe(Object.values(doc.paths).flatMap((o) => Object.keys(o)).length);
    expect(serverErrors).toEqual([]);
  }, 180_000);
});
