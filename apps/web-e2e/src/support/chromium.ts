import { access, constants } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; playwright-core drives it, no browser download involved. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Belt and braces with the request filter below: no host name resolves except the test server's.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

export async function assertChromiumInstalled(): Promise<void> {
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it with \`apt-get update && apt-get install -y chromium\`, ` +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
}

/** `extraArgs`: e.g. a fake microphone playing a WAV file (voice.e2e.ts). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  await assertChromiumInstalled();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 30_000,
  });
}

/** A fresh context that lets the page talk to `origin` only; every other request is aborted and recorded. */
export async function newIsolatedContext(
  browser: Browser,
  origin: string,
  blocked: string[],
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:')) {
      await route.continue();
    } else {
      blocked.push(url);
      await route.abort('blockedbyclient');
    }
  });
  return context;
}
