import { setTimeout as sleep } from 'node:timers/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from './session.ts';

/**
 * What the tests against the real system share. They run inside `nx run web-e2e:integration`
 * (src/run-integration.ts), which starts the gateway and the five services and sets PARLEY_E2E_BASE_URL;
 * run on their own without it they fail at once with how to run them, rather than being skipped.
 */
export function systemBaseUrl(): string {
  const base = process.env['PARLEY_E2E_BASE_URL'];
  if (!base) {
    throw new Error(
      'PARLEY_E2E_BASE_URL is not set: run these tests with `npx nx run web-e2e:integration`, which starts ' +
        'the whole system and sets it (or point it at a running gateway that serves this web build).',
    );
  }
  return new URL(base).origin;
}

export const SMTP_URL = process.env['PARLEY_E2E_SMTP_URL'] ?? 'http://127.0.0.1:1080';

/** axe violations with serious or critical impact, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The link of the mail to `address` whose subject is `subject` (by default the first mail: the sign-up
 * confirmation), read from the SMTP catcher (MailDev's API).
 */
export async function confirmationLink(
  address: string,
  timeoutMs = 30_000,
  subject?: string,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${SMTP_URL}/api/email?to.address=${encodeURIComponent(address)}`);
    const mails = (await res.json()) as Array<{ text: string; subject: string }>;
    const mail = subject === undefined ? mails[0] : mails.find((m) => m.subject === subject);
    const match = mail?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\S+/);
    if (match) return match[0];
    await sleep(250);
  }
  throw new Error(`no ${subject ?? 'confirmation'} mail to ${address} within ${timeoutMs} ms`);
}

export interface BrowserSession {
  accessToken: string;
  userId: string;
}

/** The signed-in user's access token and id, as the web app stored them. */
export async function browserSession(page: Page): Promise<BrowserSession> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
  if (!stored) throw new Error('the web app has stored no session');
  const session = JSON.parse(stored) as { access_token: string; user: { id: string } };
  return { accessToken: session.access_token, userId: session.user.id };
}

/** A call to the product API (/api/…) as the signed-in user, from outside the browser. */
export async function api(
  origin: string,
  session: BrowserSession,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${origin}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Polls `read` on Node's clock until `done` holds; throws with the last value after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs} ms; last seen ${JSON.stringify(value)}`);
    }
    await sleep(intervalMs);
    value = await read();
  }
  return value;
}

/**
 * A practice the way the chat screen holds one, through the public API: the session (the server writes
 * the partner's opening; `startOver` asks for a new conversation), then each learner line through
 * chat-completion with `session_id` (the server stores it and the partner's streamed reply). Answers the
 * session id.
 */
export async function practiseThroughApi(
  origin: string,
  session: BrowserSession,
  scenario: { id: string; title: string; description: string },
  lines: string[],
  options: { startOver?: boolean; tone?: string } = {},
): Promise<string> {
  const started = await api(origin, session, '/user/sessions', {
    body: {
      scenario_id: scenario.id,
      ...(options.tone ? { tone_preference: options.tone } : {}),
      ...(options.startOver ? { start_over: true } : {}),
    },
  });
  if (started.status !== 201) throw new Error(`start the session: ${started.status} ${await started.text()}`);
  const { id } = (await started.json()) as { id: string };
  for (const line of lines) {
    const res = await api(origin, session, '/chat/chat-completion', {
      body: {
        session_id: id,
        scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
        messages: [{ sender: 'user', content: line }],
      },
    });
    const text = await res.text();
    if (res.status !== 200 || !text.includes('data: {"done":true}'))
      throw new Error(`chat-completion: ${res.status} ${text.slice(-300)}`);
  }
  return id;
}
