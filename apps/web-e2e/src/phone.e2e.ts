import assert from 'node:assert/strict';
import { access, mkdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { RESULTS_DIR } from './pages/app.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { FAKE_SESSION, storeSession } from './support/session.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

const WEB_DIST = fileURLToPath(new URL('../../../dist/apps/web/', import.meta.url));

/**
 * The library with the whole catalogue's size (224 scenarios, 285 tags) and the chat on a phone (390 px)
 * and a desktop (1280 px), in Chromium against the built web app with the gateway's answers played back.
 * What only a browser shows: the layout (one scroll, the input on screen, the details folded) and the
 * number of cards in the page.
 */
const me = FAKE_SESSION.user.id;
const TAGS = Array.from({ length: 285 }, (_, i) => `topic ${String(i).padStart(3, '0')}`);
const CATALOGUE = Array.from({ length: 224 }, (_, i) => ({
  id: `scenario-${i}`,
  title: `Rehearsal number ${i}`,
  description: `A conversation to rehearse, number ${i}, with someone who pushes back on what you ask.`,
  category: i % 2 ? 'salary-negotiation' : 'team-meetings',
  tags: [TAGS[i]!, TAGS[(i + 224) % 285]!, i % 3 ? 'negotiation' : 'feedback'],
  difficulty: (['Beginner', 'Intermediate', 'Advanced'] as const)[i % 3],
  timeEstimate: '10-15 min',
  userRole: 'Employee',
  aiRole: 'Manager',
  premium: false,
  locked: false,
}));
const CHAT_SCENARIO = {
  ...CATALOGUE[0]!,
  id: 'salary-raise',
  title: 'Ask for a Raise',
  description:
    'Make the case for a salary increase with your manager, who guards a tight budget and asks for evidence of your impact over the last year.',
};
const REPLY =
  'I hear you. Before we talk numbers, walk me through what changed in your role this year and what it did for the team.';
const LINE = 'Since March I have led the billing migration and cut the support queue by a third.';

const sse = (events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

async function answer(route: Route): Promise<void> {
  const request = route.request();
  const { pathname } = new URL(request.url());
  const key = `${request.method()} ${pathname}`;
  const json = (body: unknown, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  if (key === 'GET /api/user/scenarios') return json(CATALOGUE);
  if (key === 'GET /api/user/scenarios/custom') return json([]);
  if (key === `GET /api/user/scenarios/${CHAT_SCENARIO.id}`) return json(CHAT_SCENARIO);
  if (key === `GET /api/user/profile/${me}`)
    return json({ id: me, full_name: 'E2E', sessions_used: 1, plan: 'premium' });
  // The server answers the scenario's session, opened with the partner's line (the server's own).
  if (key === 'POST /api/user/sessions') {
    return json(
      {
        id: '00000000-0000-7000-8000-00000000c4a7',
        user_id: me,
        scenario_id: CHAT_SCENARIO.id,
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
        completed_at: null,
        status: 'active',
        tone_preference: 'neutral',
        avatar_style: 'neutral',
        messages: [{ sender: 'ai', content: 'Hi, what did you want to talk about?' }],
      },
      201,
    );
  }
  if (key === 'POST /api/chat/chat-completion')
    return route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sse([{ content: REPLY }, { done: true }]),
    });
  return json({ error: 'Not found' }, 404);
}

describe('library and chat at 390 and 1280 px', { timeout: 120_000 }, () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  before(async () => {
    try {
      await access(`${WEB_DIST}index.html`);
    } catch {
      throw new Error(`${WEB_DIST}index.html is missing: build the web app first (npx nx run web:build).`);
    }
    browser = await launchChromium();
    server = await startStaticServer(WEB_DIST);
    await mkdir(RESULTS_DIR, { recursive: true });
  });

  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  async function open(width: number, path: string): Promise<Page> {
    assert.ok(browser && server);
    const context = await newIsolatedContext(browser, server.origin, []);
    contexts.push(context);
    await storeSession(context);
    await context.route(`${server.origin}/api/**`, answer);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.goto(`${server.origin}${path}`);
    return page;
  }

  /** The input's box lies inside the viewport. */
  async function inputOnScreen(page: Page): Promise<boolean> {
    return page.evaluate(() => {
      const box = document.getElementById('chat-input')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    });
  }

  for (const width of [390, 1280]) {
    test(`the library at ${width} px shows 24 of 224 cards and a searchable tag picker`, async () => {
      const page = await open(width, '/library');
      await page.getByText('224 scenarios found').waitFor();
      assert.equal(await page.locator('.library-card').count(), 24);
      await page.getByText('Showing 24 of 224').waitFor();
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(pageHeight < (width < 500 ? 20_000 : 8_000), `page height ${pageHeight} px`);
      await page.screenshot({ path: `${RESULTS_DIR}library-${width}.png`, fullPage: false });

      await page.getByRole('button', { name: 'More', exact: true }).click();
      const box = page.getByRole('combobox', { name: 'Search tags' });
      assert.ok(await box.evaluate((el) => el === document.activeElement), 'the search box has the focus');
      await page.getByText('50 of 281 tags: type to narrow').waitFor();
      await box.pressSequentially('topic 27');
      assert.equal(await page.getByRole('listbox', { name: 'More tags' }).getByRole('option').count(), 10);
      const panel = await page.locator('.tag-more__panel').boundingBox();
      assert.ok(panel && panel.x >= 0 && panel.x + panel.width <= width, 'the picker fits the screen');
      await page.screenshot({ path: `${RESULTS_DIR}library-${width}-tag-picker.png`, fullPage: false });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByText('1 scenario found').waitFor();
      // textContent, not innerText: a card is drawn with content-visibility: auto, and innerText of a card
      // the browser has not laid out yet is empty.
      assert.equal((await page.locator('.library-card h2').textContent())?.trim(), 'Rehearsal number 47');

      await page.getByRole('button', { name: 'All', exact: true }).click();
      await page.getByRole('button', { name: 'Show 24 more' }).click();
      await page.getByText('Showing 48 of 224').waitFor();
      assert.equal(await page.locator('.library-card').count(), 48);
    });

    test(`the chat at ${width} px: one scroll, the input always on screen, details folded on a phone`, async () => {
      const page = await open(width, `/chat/${CHAT_SCENARIO.id}`);
      const input = page.locator('#chat-input');
      await input.waitFor();
      await page.getByText('Hi, what did you want to talk about?').waitFor();
      const details = page.locator('details.chat-page__details');
      assert.equal(await details.evaluate((el: HTMLDetailsElement) => el.open), width > 500);
      assert.ok(await inputOnScreen(page), 'the input is on the first screen');
      await page.screenshot({ path: `${RESULTS_DIR}chat-${width}-start.png`, fullPage: false });

      for (let i = 0; i < 6; i++) {
        await input.fill(`${LINE} (${i + 1})`);
        await input.press('Enter');
        await page
          .locator('.chat-message')
          .nth(2 * i + 2)
          .waitFor();
        await page.getByRole('button', { name: 'Send' }).and(page.locator(':disabled')).waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      }
      // Twelve turns later: the newest reply and the input are both on screen, the page is the one scroll.
      assert.ok(await inputOnScreen(page), 'the input is on screen after twelve turns');
      const scrollers = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('main, main *'))
          .filter((el) => {
            const style = getComputedStyle(el);
            return /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
          })
          .map((el) => el.className),
      );
      assert.deepEqual(scrollers, [], 'no box inside the page scrolls on its own');
      // The transcript follows the newest message after it renders (a scroll the browser may animate):
      // the check waits for that scroll to land, a few seconds at most, rather than racing it.
      const above = await page
        .waitForFunction(
          () => {
            const messages = document.querySelectorAll('.chat-message');
            const box = messages[messages.length - 1]!.getBoundingClientRect();
            const composer = document.querySelector('.chat-composer')!.getBoundingClientRect();
            return box.bottom <= composer.top + 1;
          },
          undefined,
          { timeout: 5000 },
        )
        .then(
          () => true,
          () => false,
        );
      assert.ok(above, 'the newest message is above the input');
      await page.screenshot({ path: `${RESULTS_DIR}chat-${width}-conversation.png`, fullPage: false });

      if (width < 500) {
        await details.locator('summary').click();
        await page.getByText(CHAT_SCENARIO.description).waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${RESULTS_DIR}chat-${width}-details.png`, fullPage: false });
        assert.ok(await inputOnScreen(page), 'the input is on screen at the top of the page');
      }
    });
  }
});
