import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppPage } from './pages/app.page.ts';
import { AuthPage } from './pages/auth.page.ts';
import { ChatPage } from './pages/chat.page.ts';
import { OnboardingPage } from './pages/onboarding.page.ts';
import { RehearsePage } from './pages/rehearse.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { pdfText } from './support/pdf.ts';
import { journeySteps } from './support/steps.ts';
import {
  api,
  browserSession,
  confirmationLink,
  eventually,
  systemBaseUrl,
  type BrowserSession,
} from './support/system.ts';

/**
 * Issue 20 as a learner goes it, against the real system (`npx nx run web-e2e:integration`, or
 * `npx node apps/web-e2e/src/run-integration.ts system-rehearse.e2e.ts` once built): a scenario of their
 * own made with "Draft it for me", duplicated and deleted; practised; retried from the learner's second
 * message (the time from the click to the new attempt's first streamed character measured in the page);
 * two questions to the coach about the feedback, and the PDF with the thread; the two attempts compared,
 * also at 360 px; another user reads none of it. Screenshots rehearse-NN-*.png.
 */

const SITUATION =
  'On Thursday I ask my manager Dana for a raise to $95k. She says the budget is tight this year and our team just missed a target.';
const OBJECTIVE = 'Name the number $95k and the reason for it';

declare global {
  interface Window {
    __retryProbe?: { clickedAt: number | null };
  }
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = await res.text();
  assert.ok(res.ok, `${what}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

async function signUp(page: Page, origin: string, name: string): Promise<BrowserSession> {
  const email = `rehearse-${name}-${Date.now()}@example.com`;
  await new AuthPage(page, origin).register(email, 'Parley-e2e-Passw0rd!');
  await page.goto(await confirmationLink(email));
  await new AppPage(page, origin).waitForPath('/onboarding');
  await new OnboardingPage(page, origin).complete({
    fullName: `Rehearse ${name}`,
    goal: 'Salary Negotiation',
    tone: 'Neutral',
    level: 'Intermediate',
  });
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return browserSession(page);
}

describe('issue 20: own scenarios, retry from any turn, compare attempts', { timeout: 360_000 }, () => {
  const origin = systemBaseUrl();
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  before(async () => {
    browser = await launchChromium();
  });

  after(async () => {
    await context?.close();
    await browser?.close();
  });

  test('a learner rehearses their own conversation, retries a turn and compares', async (t) => {
    const blocked: string[] = [];
    context = await newIsolatedContext(browser!, origin, blocked);
    context.setDefaultTimeout(15_000);
    const page: Page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());
    const app = new RehearsePage(page, origin);
    const chat = new ChatPage(page, origin);
    const { step, axe } = journeySteps(t, app, page, 'rehearse');

    let session: BrowserSession | undefined;
    let scenarioId = '';
    let firstSessionId = '';
    let retrySessionId = '';
    let firstSuggestion = '';

    await step('my-scenarios-empty', async () => {
      session = await signUp(page, origin, 'owner');
      await app.goto('/library');
      await app.myScenarios.getByText('No scenarios of your own yet').waitFor();
      await app.myScenarios.getByText('0 of 3 on the free plan').waitFor();
    });

    await step('draft-it-for-me', async () => {
      await app.createScenario.click();
      await app.heading('Create Your Scenario').waitFor();
      await app.field('Title').fill('Raise talk with Dana');
      await app.field('The situation').fill(SITUATION);
      await app.field('Your role').fill('Senior engineer');
      await app.field('Their role').fill('Engineering manager');
      await app.draftItForMe.click();
      await app.draftNote.waitFor();
      const objectives = await app.field('Your objectives').inputValue();
      assert.ok(objectives.split('\n').length >= 2, `drafted objectives: ${objectives}`);
      assert.match(await app.field('What they hold firm on').inputValue(), /\$95k/);
      assert.ok((await app.field('What they want').inputValue()).length > 10);
      // The learner edits the draft: their own first objective.
      await app.field('Your objectives').fill(`${OBJECTIVE}\n${objectives.split('\n')[1]}`);
    });

    await step('saved-scenario-detail', async () => {
      await app.save.click();
      await page.waitForURL((url) => url.pathname.startsWith('/scenario/custom-'));
      scenarioId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
      await app.heading('Raise talk with Dana').waitFor();
      await page.getByText('Senior engineer').first().waitFor();
      await page.getByRole('region', { name: 'Your objectives' }).getByText(OBJECTIVE).waitFor();
    });

    await step('edit-scenario', async () => {
      await page.getByRole('link', { name: 'Edit Scenario' }).click();
      await app.heading('Edit Scenario').waitFor();
      assert.equal(await app.field('The situation').inputValue(), SITUATION);
      await app.field('Tags').fill('raise, my job');
      await app.save.click();
      await page.waitForURL((url) => url.pathname === `/scenario/${scenarioId}`);
      await page.getByRole('list', { name: 'Tags' }).getByText('my job', { exact: true }).waitFor();
    });

    await step('duplicate-and-delete', async () => {
      await app.goto('/library');
      await app.myCard('Raise talk with Dana').getByRole('link', { name: 'Duplicate' }).click();
      await app.heading('Create Your Scenario').waitFor();
      assert.equal(await app.field('Title').inputValue(), 'Raise talk with Dana (copy)');
      await app.save.click();
      await page.waitForURL((url) => url.pathname.startsWith('/scenario/custom-'));
      await app.goto('/library');
      await app.myScenarios.getByText('2 of 3 on the free plan').waitFor();
      await app.myCard('Raise talk with Dana (copy)').getByRole('button', { name: 'Delete' }).click();
      await app.myCard('Raise talk with Dana (copy)').waitFor({ state: 'detached' });
      await app.myScenarios.getByText('1 of 3 on the free plan').waitFor();
    });

    await step('practise-own-scenario', async () => {
      await app.myCard('Raise talk with Dana').getByRole('link', { name: 'Practice Now' }).click();
      await page.getByRole('button', { name: 'Start Practice' }).click();
      await chat.waitUntilReady();
      await chat.say('Thanks for making time, Dana. I would like to talk about my pay.');
      await chat.say('I am asking for $95k because I led the billing migration that saved two weeks.');
      await chat.say('Could we agree that you decide by the 15th, after the budget review?');
      await chat.endSession.click();
      await page.getByRole('heading', { name: 'Session Complete' }).waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: 'Performance Report' }).waitFor({ timeout: 60_000 });
      // The report checks the learner's own objectives.
      const objectives = page.getByRole('region', { name: 'Your objectives' });
      await objectives.getByText(OBJECTIVE).waitFor({ timeout: 30_000 });
      // And shows what the first session earned (the day's 10 XP may have come with the sign-in already).
      const earned = page.getByRole('region', { name: 'What you earned' });
      await earned.getByText(/^\+(75|85) XP in all$/).waitFor({ timeout: 30_000 });
      await earned.getByText('First time practising this scenario').waitFor();
      await earned.getByText('First Steps').waitFor();
      await earned.scrollIntoViewIfNeeded();
      const sessions = await json<Array<{ id: string; scenario_id: string }>>(
        await api(origin, session!, '/user/sessions'),
        'sessions',
      );
      firstSessionId = sessions.find((s) => s.scenario_id === scenarioId)!.id;
      // The report shows while the feedback is saved: ask until it is there.
      const feedback = await eventually(
        'stored feedback',
        async () => {
          const res = await api(origin, session!, `/user/feedback/${firstSessionId}`);
          return res.ok ? ((await res.json()) as { objectives?: Array<{ objective: string }> }) : null;
        },
        (value) => value !== null,
      );
      assert.equal(
        feedback?.objectives?.[0]?.objective,
        OBJECTIVE,
        'feedback checks the learner’s own objective',
      );
    });

    await step('try-again-from-turn-2', async () => {
      await page.evaluate(() => {
        window.__retryProbe = { clickedAt: null };
        document.addEventListener(
          'click',
          (event) => {
            const button = (event.target as Element | null)?.closest('button');
            if (button?.textContent?.includes('Try again from here') && window.__retryProbe)
              window.__retryProbe.clickedAt ??= performance.now();
          },
          { capture: true },
        );
      });
      // On the free plan the retry says first that it uses one of the month's sessions (the page accepts
      // every dialog: see the before hook).
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => resolve(dialog.message())),
      );
      await app.tryAgain(2).click();
      assert.match(await asked, /uses one of this month’s sessions/);
      await page.getByText('New attempt.').waitFor();
      await chat.waitUntilReady();
      const readyAt = await page.evaluate(() => performance.now());
      assert.match(await chat.input.inputValue(), /\$95k/, 'the retried line is in the input to rework');
      const turn = await chat.say(
        'I understand the budget is tight. Based on two market surveys I am asking for $95k, and I can show the savings.',
      );
      const clickedAt = await page.evaluate(() => window.__retryProbe!.clickedAt!);
      const sendAt = await page.evaluate(() => window.__parleyProbe!.sentAt!);
      const firstAt = await page.evaluate(() => window.__parleyProbe!.firstAt!);
      console.log(
        `[rehearse] Try again from here → first streamed character: ${Math.round(firstAt - clickedAt)} ms ` +
          `(click → chat ready ${Math.round(readyAt - clickedAt)} ms; Send → first character ${Math.round(turn.firstCharacterMs)} ms; ` +
          `the learner's typing between them: ${Math.round(sendAt - readyAt)} ms)`,
      );
      const attempts = await json<
        Array<{ id: string; parent_session_id: string | null; branch_from_index: number | null }>
      >(await api(origin, session!, `/user/sessions/${firstSessionId}/attempts`), 'attempts');
      assert.equal(attempts.length, 2);
      assert.equal(attempts[1]!.parent_session_id, firstSessionId);
      assert.equal(attempts[1]!.branch_from_index, 3, 'the second learner message is index 3');
      retrySessionId = attempts[1]!.id;
      await chat.say('Could we agree that you decide by the 15th, after the budget review?');
      await chat.endSession.click();
      await page.getByRole('heading', { name: 'Performance Report' }).waitFor({ timeout: 60_000 });
    });

    await step('ask-the-coach', async () => {
      const coach = app.section('Ask the Coach');
      await coach.getByText('No questions yet. Try one of these:').waitFor();
      // The first suggestion asks about this session's lowest score, whichever that is.
      const first = coach.getByRole('list', { name: 'Suggested questions' }).getByRole('button').first();
      firstSuggestion = (await first.textContent()) ?? '';
      assert.match(
        firstSuggestion,
        /^(Why was (clarity|empathy|persuasion) low\?|How could my \w+ be even stronger\?)$/,
      );
      await first.click();
      await coach
        .getByText(/Your (clarity|empathy|persuasion) was \d+(\.\d)?\/10/)
        .waitFor({ timeout: 30_000 });
      await coach
        .getByRole('button', { name: /^Try again from turn \d+$/ })
        .first()
        .waitFor();
      await coach.getByLabel('Your question').fill('What should I have said at turn 2?');
      await coach.getByRole('button', { name: 'Ask', exact: true }).click();
      await coach.getByText('A stronger way to say it').waitFor({ timeout: 30_000 });
      await coach.getByText('At turn 2 you said').last().waitFor();
      assert.equal(await coach.getByRole('button', { name: /Try again from turn/ }).count(), 2);
      const thread = await json<Array<{ sender: string }>>(
        await api(origin, session!, `/user/sessions/${retrySessionId}/coach`),
        'coach thread',
      );
      assert.deepEqual(
        thread.map((e) => e.sender),
        ['user', 'coach', 'user', 'coach'],
      );
    });

    await step('export-pdf-with-thread', async () => {
      const download = await chat.export();
      const text = squash(await pdfText(await readFile((await download.path())!)));
      assert.match(text, /Ask the Coach/);
      assert.ok(text.includes(firstSuggestion), `the PDF holds the question asked: ${firstSuggestion}`);
      assert.match(text, /What should I have said at turn 2\?/);
      assert.match(text, /At turn 2 you said/);
    });

    await step('compare-attempts', async () => {
      await page.getByRole('link', { name: 'Compare attempts' }).click();
      await app.heading('Compare Attempts').waitFor();
      await page.getByRole('heading', { name: 'Earlier attempt' }).waitFor();
      await page.getByRole('heading', { name: 'Later attempt' }).waitFor();
      await page
        .getByRole('heading', { name: 'Later attempt' })
        .locator('..')
        .getByText(/Based on two market surveys/)
        .waitFor();
      await page
        .getByRole('heading', { name: 'Earlier attempt' })
        .locator('..')
        .getByText(/I led the billing migration/)
        .waitFor();
      const scores = app.section('How the scores changed');
      for (const name of ['Clarity', 'Empathy', 'Persuasion']) await scores.getByText(name).first().waitFor();
      await scores.getByText('→').first().waitFor();
    });

    await step('compare-at-360px', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no sideways scrolling at 360 px (overflow ${overflow} px)`);
    });

    await step('replay-lists-attempts', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await app.goto(`/session/view/${firstSessionId}`);
      const attempts = app.section('Attempts');
      await attempts.getByText('Attempt 1 (this one) — first try').waitFor();
      await attempts.getByText('Attempt 2', { exact: true }).first().waitFor();
      // Both attempts are scored: their scores over the attempts as a chart.
      const chart = page.getByRole('group', { name: 'Scores of each attempt' });
      await chart.locator('.highcharts-series').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Try again from here' }).first().waitFor();
    });

    await step('progress-chart-one-scenario', async () => {
      // The dashboard's progress chart, narrowed to this scenario: one point per attempt.
      await app.goto('/dashboard');
      const show = page.getByRole('combobox', { name: /^Show/ });
      await show
        .locator('option', { hasText: 'Raise talk with Dana (2 attempts)' })
        .waitFor({ state: 'attached' });
      await show.selectOption({ label: 'Raise talk with Dana (2 attempts)' });
      await page.getByText('2 attempts of Raise talk with Dana').waitFor();
      // Three skills, a point per attempt each; then the line's drawing animation, for the screenshot.
      await page.waitForFunction(
        () => document.querySelectorAll('.progress-view__chart .highcharts-point').length >= 6,
      );
      await page.waitForTimeout(1500);
    });

    await step('new-screens-at-360px', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of [
        '/dashboard',
        '/library',
        '/scenarios/new',
        `/scenarios/${scenarioId}/edit`,
        `/session/view/${firstSessionId}`,
      ]) {
        await app.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${path}: no sideways scrolling at 360 px (overflow ${overflow} px)`);
        await app.screenshot(`rehearse-360-${path.split('/')[1]}-${path.split('/').at(-1)}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await step('another-user-reads-nothing', async () => {
      const other = await context!.browser()!.newContext();
      const otherPage = await other.newPage();
      try {
        const stranger = await signUp(otherPage, origin, 'stranger');
        for (const path of [
          `/user/scenarios/custom/${scenarioId}`,
          `/user/scenarios/${scenarioId}`,
          `/user/sessions/${firstSessionId}/attempts`,
          `/user/sessions/view/${retrySessionId}`,
          `/user/sessions/${retrySessionId}/coach`,
        ]) {
          const res = await api(origin, stranger, path);
          assert.equal(res.status, 404, `${path} for another user`);
        }
        const retry = await api(origin, stranger, `/user/sessions/${firstSessionId}/attempts`, {
          body: { from_index: 1 },
        });
        assert.equal(retry.status, 404);
        const coach = await api(origin, stranger, '/chat/coach', {
          body: {
            session_id: retrySessionId,
            messages: [{ sender: 'user', content: 'Why was empathy low?' }],
          },
        });
        assert.equal(coach.status, 404, 'the coach answers no one about another user’s session');
        assert.deepEqual(
          await json<unknown[]>(await api(origin, stranger, '/user/scenarios/custom'), 'custom list'),
          [],
        );
      } finally {
        await other.close();
      }
    });

    await t.test('no page errors, blocked requests or serious accessibility violations', () => {
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(blocked, []);
      assert.deepEqual(axe, []);
    });
  });
});
