import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppPage } from './pages/app.page.ts';
import { AuthPage } from './pages/auth.page.ts';
import { ChatPage, type Turn } from './pages/chat.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { HistoryPage, ReplayPage } from './pages/history.page.ts';
import { OnboardingPage } from './pages/onboarding.page.ts';
import { ScenarioPage } from './pages/scenario.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { journeySteps } from './support/steps.ts';
import { pdfText } from './support/pdf.ts';
import {
  api,
  browserSession,
  confirmationLink,
  eventually,
  systemBaseUrl,
  type BrowserSession,
} from './support/system.ts';

/**
 * Issue 9's journey, as a person goes it, against the real system (`npx nx run web-e2e:integration`):
 * sign up, confirm by mail, onboard; the Scenario of the Day to a five-turn streamed conversation (the
 * time from Send to the reply's first character measured in the page), an inline coaching tip, End
 * Session with scores and the speech report, PDF export; XP, streak and a badge on the dashboard; the
 * session in history and its replay; an unfinished session resumed after a reload; the free limit on the
 * sixth session of the month. A screenshot per step in $E2E_OUTPUT_DIR (practice-NN-*.png).
 *
 * Each step is one function below, named as in the output, so a step that changes is easy to adjust.
 * The selectors it assumes are the spec's texts as accessible names; see the page objects in ./pages.
 */

const MONTHLY_LIMIT =
  'You have used all 5 free practice sessions this month. Upgrade to Premium for unlimited practice.';
const TURNS = [
  'Thanks for making time today. I would like to talk about how the last project went.',
  'I think the deadline slipped because we agreed on the scope too late, not because of effort.',
  'I hear that the client was unhappy. What would a good outcome look like for you?',
  'Could we agree that I send a weekly status note every Friday, starting this week?',
  'Thank you. I will draft the first note today and share it with you by five o’clock.',
];

interface Summary {
  xp: number;
  streak: number;
  level: number;
  badges: Array<{ title: string }>;
}
interface SessionRow {
  id: string;
  scenario_id: string;
  status: 'active' | 'completed';
  created_at: string;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = await res.text();
  assert.ok(res.ok, `${what}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe(
  'issue 9: a practice session from sign-up to the free limit, in Chromium',
  { timeout: 600_000 },
  () => {
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

    test('sign up, practise five turns, coaching, scores, XP, history, replay, PDF, resume, free limit', async (t) => {
      const blocked: string[] = [];
      context = await newIsolatedContext(browser!, origin, blocked);
      context.setDefaultTimeout(15_000);
      const page: Page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('dialog', (dialog) => void dialog.accept()); // e.g. a confirmation before ending a session
      const app = new AppPage(page, origin);
      const dashboard = new DashboardPage(page, origin);
      const scenario = new ScenarioPage(page, origin);
      const chat = new ChatPage(page, origin);
      const journey = journeySteps(t, app, page, 'practice');
      const { step, axe } = journey;

      const email = `practice-e2e-${Date.now()}@example.com`;
      const password = 'Parley-e2e-Passw0rd!';
      let session: BrowserSession | undefined;
      let scenarioId = '';
      let firstSessionId = '';
      const turns: Turn[] = [];

      await step('sign-up', async () => {
        await new AuthPage(page, origin).register(email, password);
      });

      await step('confirm-by-mail-and-onboard', async () => {
        // A new account has no goals: the confirmation link leads to onboarding.
        await page.goto(await confirmationLink(email));
        await app.waitForPath('/onboarding');
        await new OnboardingPage(page, origin).complete({
          fullName: 'Practice Person',
          goal: 'Giving Feedback',
          tone: 'Friendly',
          level: 'Intermediate',
        });
        session = await browserSession(page);
      });

      /** How this run reaches a scenario: the Scenario of the Day, or the library when today's is Premium. */
      let via: 'daily' | 'library' = 'daily';
      const openScenario = async () => {
        if (via === 'daily') {
          await dashboard.startPractice.click();
        } else {
          await page.getByRole('link', { name: /Browse Scenarios/ }).click();
          await app.waitForPath('/library');
          await page
            .locator(`a[href="/scenario/${encodeURIComponent(scenarioId)}"]`)
            .first()
            .click();
        }
        await scenario.waitUntilLoaded();
        assert.equal(app.pathname(), `/scenario/${encodeURIComponent(scenarioId)}`);
      };

      await step('dashboard', async () => {
        await dashboard.waitUntilLoaded();
        assert.deepEqual((await dashboard.stat('Sessions Left')).slice(0, 2), [5, 5], 'Sessions Left 5 / 5');
        if (await dashboard.startPractice.isVisible()) {
          const href = await dashboard.startPractice.getAttribute('href');
          const match = href?.match(/^\/scenario\/([^/?#]+)$/);
          assert.ok(match, `Start Practice links to /scenario/{id}, not ${href}`);
          scenarioId = decodeURIComponent(match[1]!);
        } else {
          // Today's scenario is a Premium one, which a free account cannot start: a free one from the library.
          await dashboard.upgradeToPractice.waitFor();
          const scenarios = await json<Array<{ id: string; premium: boolean }>>(
            await api(origin, session!, '/user/scenarios'),
            'scenarios',
          );
          const free = scenarios.find((s) => !s.premium);
          assert.ok(free, 'a scenario a free account can practise');
          scenarioId = free.id;
          via = 'library';
          console.log(
            `[practice] today's Scenario of the Day is Premium: practising ${scenarioId} from the library`,
          );
        }
      });

      await step('scenario-detail', async () => {
        await openScenario();
        await scenario.youWillPlay.waitFor();
      });

      await step('chat-opening', async () => {
        await scenario.startPractice.click();
        await app.waitForPath(`/chat/${encodeURIComponent(scenarioId)}`);
        await chat.waitUntilReady();
        assert.equal(await chat.messages.count(), 1, 'the partner opens the conversation');
        // The system runs the builtin partner: the chat says so, and how a model would differ.
        await page.getByText(/^Partner: Parley's offline partner\b.*“Start with a model”/).waitFor();
      });

      await step('five-turn-conversation', async () => {
        for (const line of TURNS) turns.push(await chat.say(line));
        const texts = await chat.messageTexts();
        assert.equal(texts.length, 1 + 2 * TURNS.length, 'the opening, then each turn and its reply');
        for (const [i, line] of TURNS.entries()) {
          assert.ok(texts[1 + 2 * i]!.includes(squash(line)), `turn ${i + 1} shown`);
          assert.ok(texts[2 + 2 * i]!.includes(squash(turns[i]!.reply).slice(0, 40)), `reply ${i + 1} shown`);
        }
        const firsts = turns.map((turn) => turn.firstCharacterMs);
        const wholes = turns.map((turn) => turn.completeMs);
        const fmt = (values: number[]) =>
          `median ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`;
        console.log(`[practice] Send → first streamed character (${firsts.length} turns): ${fmt(firsts)}`);
        console.log(`[practice] Send → reply complete: ${fmt(wholes)}`);
        // The stored session has every turn: the gateway saves each reply once its stream ended.
        const sessions = await json<SessionRow[]>(await api(origin, session!, '/user/sessions'), 'sessions');
        assert.equal(sessions.length, 1, 'one session so far');
        firstSessionId = sessions[0]!.id;
        const stored = await eventually(
          'the stored session has all eleven messages',
          async () =>
            json<{ messages: unknown[] }>(
              await api(origin, session!, `/user/sessions/view/${firstSessionId}`),
              'session',
            ),
          (s) => s.messages.length === 1 + 2 * TURNS.length,
          10_000,
        );
        assert.equal(stored.messages.length, 11);
      });

      await step('inline-coaching-tip', async () => {
        await chat.coachingTip.click();
        for (const section of [
          'Communication Analysis',
          'Strategic Impact',
          'Improvement Opportunity',
          'Enhanced Version',
        ]) {
          await page
            .getByRole('heading', { name: section, exact: true })
            .first()
            .waitFor({ timeout: 20_000 });
        }
      });

      await step('end-session-scores-and-speech-report', async () => {
        await chat.endSession.click();
        await chat.returnToDashboard.waitFor({ timeout: 30_000 });
        for (const skill of ['Clarity', 'Empathy', 'Persuasion']) {
          await page
            .getByText(skill, { exact: true })
            .or(page.getByRole('heading', { name: skill, exact: true }))
            .first()
            .waitFor();
        }
        await page
          .getByText(/\d+(\.\d+)?\s*\/\s*10/)
          .first()
          .waitFor();
        await page
          .getByText(/speech analysis/i)
          .first()
          .waitFor();
        await page
          .getByText(/fluency/i)
          .first()
          .waitFor();
        assert.equal(await chat.input.count(), 0, 'the message box is hidden once the session ended');
        await page.getByText("Scored by Parley's offline coach.", { exact: true }).waitFor();
        const stored = await json<SessionRow>(
          await api(origin, session!, `/user/sessions/view/${firstSessionId}`),
          'session',
        );
        assert.equal(stored.status, 'completed');
      });

      await step('export-pdf', async () => {
        const download = await chat.export();
        assert.equal(download.suggestedFilename(), 'conversation-transcript.pdf');
        const path = await download.path();
        const pdf = await readFile(path);
        assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', 'the download is a PDF');
        const text = squash(await pdfText(pdf));
        for (const line of TURNS) {
          assert.ok(text.includes(squash(line).slice(0, 40)), `the PDF holds "${line.slice(0, 40)}…"`);
        }
        assert.ok(text.includes(squash(turns[0]!.reply).slice(0, 30)), 'the PDF holds the replies');
      });

      await step('dashboard-xp-streak-badge', async () => {
        await chat.returnToDashboard.click();
        await dashboard.waitUntilLoaded();
        // Gamification hears of the session through Kafka: wait for it, then the dashboard must show it.
        const summary = await eventually(
          'XP, a streak and a badge for the completed session',
          async () => json<Summary>(await api(origin, session!, '/gamification/summary'), 'summary'),
          (s) => s.xp > 0 && s.streak >= 1 && s.badges.length > 0,
          30_000,
        );
        await dashboard.goto(DashboardPage.path);
        await dashboard.waitUntilLoaded();
        await eventually(
          'the XP card shows the XP',
          () => dashboard.stat('XP'),
          (n) => n[0] === summary.xp,
          10_000,
        );
        assert.equal((await dashboard.stat('Streak'))[0], summary.streak, 'the Streak card');
        await dashboard.recentBadges.getByText(summary.badges[0]!.title, { exact: true }).waitFor();
        assert.deepEqual((await dashboard.stat('Sessions Left')).slice(0, 2), [4, 5], 'Sessions Left 4 / 5');
      });

      await step('history', async () => {
        const history = new HistoryPage(page, origin);
        await history.open();
        await history.row(firstSessionId).waitFor();
        assert.equal(await history.row(firstSessionId).count(), 1);
      });

      await step('replay', async () => {
        await new HistoryPage(page, origin).view(firstSessionId).click();
        await app.waitForPath(`/session/view/${firstSessionId}`);
        const replay = new ReplayPage(page, origin);
        await replay.title.waitFor();
        for (const line of TURNS) await page.getByText(squash(line).slice(0, 40)).first().waitFor();
        await page
          .getByText(/\d+(\.\d+)?\s*\/\s*10/)
          .first()
          .waitFor();
        await replay.backToHistory.waitFor();
      });

      const unfinished = 'Before we start, I want to agree on what we cover in the next ten minutes.';
      await step('unfinished-session', async () => {
        await dashboard.open();
        await dashboard.waitUntilLoaded();
        await openScenario();
        await scenario.startPractice.click();
        await app.waitForPath(`/chat/${encodeURIComponent(scenarioId)}`);
        await chat.waitUntilReady();
        await chat.say(unfinished);
      });

      await step('resume-after-reload', async () => {
        await page.reload();
        await dashboard.open();
        await dashboard.waitUntilLoaded();
        await dashboard.continuePractice.click();
        await page.waitForURL((url) => /^\/(scenario|chat)\//.test(url.pathname), { timeout: 20_000 });
        await chat.waitUntilReady();
        const texts = await chat.messageTexts();
        assert.ok(
          texts.some((text) => text.includes(squash(unfinished))),
          `the earlier message is back: ${JSON.stringify(texts)}`,
        );
        assert.equal(texts.length, 3, 'the opening, the earlier turn and its reply');
      });

      await step('free-limit-on-the-sixth-session', async () => {
        // Reopening the scenario's chat resumes its conversation: no second session, nothing spent.
        await dashboard.open();
        await dashboard.waitUntilLoaded();
        assert.deepEqual((await dashboard.stat('Sessions Left')).slice(0, 2), [3, 5], 'Sessions Left 3 / 5');
        await openScenario();
        await scenario.startPractice.click();
        await app.waitForPath(`/chat/${encodeURIComponent(scenarioId)}`);
        await chat.waitUntilReady();
        assert.equal((await chat.messageTexts()).length, 3, 'the same conversation, resumed');
        // Sessions three to five as a person starts them over: Start Over (its confirmation is accepted),
        // then a first line — a session is spent by the learner's first line, not by opening the chat.
        for (let i = 0; i < 3; i += 1) {
          await chat.startOver.click();
          await eventually(
            'a new conversation',
            () => chat.messageTexts(),
            (t) => t.length === 1,
            20_000,
          );
          await chat.say(`Session ${i + 3}: I would like to agree what we cover today.`);
        }
        await dashboard.open();
        await dashboard.waitUntilLoaded();
        await dashboard.upgradeToPractice.waitFor();
        assert.equal(await dashboard.upgradeToPractice.getAttribute('href'), '/upgrade');
        assert.deepEqual((await dashboard.stat('Sessions Left')).slice(0, 2), [0, 5], 'Sessions Left 0 / 5');
        // With none left, the chat (a reload, going back) still resumes the conversation going on.
        await app.goto(`/chat/${encodeURIComponent(scenarioId)}`);
        await chat.waitUntilReady();
        assert.equal((await chat.messageTexts()).length, 3, 'the fifth conversation, not the paywall');
        // A new one is refused with the server's limit message.
        await chat.startOver.click();
        await page.getByText(MONTHLY_LIMIT, { exact: false }).first().waitFor({ timeout: 20_000 });
        const sixth = await api(origin, session!, '/user/sessions', {
          body: { scenario_id: scenarioId, start_over: true },
        });
        assert.equal(sixth.status, 403);
        const sessions = await json<SessionRow[]>(await api(origin, session!, '/user/sessions'), 'sessions');
        assert.equal(sessions.length, 5, 'no sixth session was stored');
      });

      assert.equal(journey.failed, undefined, `the journey stopped at "${journey.failed}"`);
      assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
      assert.deepEqual(blocked, [], 'no request left the system');
      assert.deepEqual(axe, [], 'no serious or critical accessibility violations');
    });
  },
);
