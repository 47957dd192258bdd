import { setTimeout as sleep } from 'node:timers/promises';
import type { Download, Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

/**
 * How the transcript is marked up: an element with role "log" (the chat's live transcript) holding one
 * <article> (or role="article") per message, the user's and the AI's, in order. The in-page latency probe
 * below relies on it too; change it here if the chat screen marks messages up otherwise.
 */
export const TRANSCRIPT_SELECTOR = '[role="log"]';
export const MESSAGE_SELECTOR = 'article, [role="article"]';

export interface Turn {
  /** The partner's whole reply, as shown once it finished streaming. */
  reply: string;
  /** In the page: from the Send click to the first character of the reply on screen. */
  firstCharacterMs: number;
  /** In the page: from the Send click to the reply's last change. */
  completeMs: number;
}

interface Probe {
  sentAt: number | null;
  firstAt: number | null;
  lastChangeAt: number | null;
  baseline: number;
  reply: string;
}

declare global {
  interface Window {
    __parleyProbe?: Probe;
  }
}

/** The chat session screen, /chat/{id} (or /scenario/{id} when resuming). */
export class ChatPage extends AppPage {
  get transcript(): Locator {
    return this.page.locator(TRANSCRIPT_SELECTOR);
  }

  get messages(): Locator {
    return this.transcript.locator(MESSAGE_SELECTOR);
  }

  get input(): Locator {
    return this.page.getByRole('textbox', { name: /^Type your message/ });
  }

  get send(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true });
  }

  get endSession(): Locator {
    return this.page.getByRole('button', { name: 'End Session', exact: true });
  }

  /** 'Get coaching tip' on the last of the user's messages. */
  get coachingTip(): Locator {
    return this.page.getByRole('button', { name: 'Get coaching tip', exact: true }).last();
  }

  get exportTranscript(): Locator {
    return this.page.getByRole('button', { name: 'Export Transcript', exact: true });
  }

  /** Was the spec's 'Replay Session': a new conversation, asked for with a confirmation first. */
  get startOver(): Locator {
    return this.page.getByRole('button', { name: 'Start Over', exact: true });
  }

  get returnToDashboard(): Locator {
    return this.page
      .getByRole('button', { name: 'Return to Dashboard', exact: true })
      .or(this.page.getByRole('link', { name: 'Return to Dashboard', exact: true }));
  }

  /** Waits until the conversation is ready for the user: the opening message is there and the box shows. */
  async waitUntilReady(): Promise<void> {
    await this.input.waitFor({ timeout: 20_000 });
    await this.messages.first().waitFor({ timeout: 20_000 });
  }

  /** The messages' texts, in order. */
  async messageTexts(): Promise<string[]> {
    return (await this.messages.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /**
   * Sends `text` and waits for the partner's streamed reply to finish (no change for `quietMs` and the
   * transcript no longer busy). Timing is taken in the page: a capture-phase click listener notes when
   * Send is pressed, a MutationObserver when the first message after the user's has its first character.
   */
  async say(text: string, options: { timeoutMs?: number; quietMs?: number } = {}): Promise<Turn> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const quietMs = options.quietMs ?? 750;
    await this.input.fill(text);
    await this.page.evaluate(
      ([transcriptSelector, messageSelector]) => {
        const log = document.querySelector(transcriptSelector);
        if (!log) throw new Error(`no transcript (${transcriptSelector})`);
        const probe: Probe = {
          sentAt: null,
          firstAt: null,
          lastChangeAt: null,
          baseline: log.querySelectorAll(messageSelector).length,
          reply: '',
        };
        window.__parleyProbe = probe;
        const onClick = (event: MouseEvent) => {
          const button = (event.target as Element | null)?.closest('button');
          const name = button?.getAttribute('aria-label') ?? button?.textContent ?? '';
          if (probe.sentAt === null && name.trim() === 'Send') probe.sentAt = performance.now();
        };
        document.addEventListener('click', onClick, { capture: true });
        // The reply is the message after the user's: index baseline + 1.
        const observer = new MutationObserver(() => {
          if (probe.sentAt === null) return;
          const reply = log.querySelectorAll(messageSelector)[probe.baseline + 1];
          const text = reply?.textContent?.trim() ?? '';
          if (text === '' || text === probe.reply) return;
          const now = performance.now();
          probe.firstAt ??= now;
          probe.lastChangeAt = now;
          probe.reply = text;
        });
        observer.observe(log, { childList: true, subtree: true, characterData: true });
      },
      [TRANSCRIPT_SELECTOR, MESSAGE_SELECTOR] as const,
    );
    await this.send.click();
    const deadline = Date.now() + timeoutMs;
    const read = () => this.page.evaluate(() => ({ ...window.__parleyProbe! }));
    let probe = await read();
    let busy = true;
    while (Date.now() < deadline) {
      if (probe.firstAt !== null && probe.lastChangeAt !== null) {
        busy = (await this.transcript.getAttribute('aria-busy')) === 'true';
        const now = await this.page.evaluate(() => performance.now());
        if (!busy && now - probe.lastChangeAt >= quietMs) break;
      }
      await sleep(100);
      probe = await read();
    }
    if (probe.sentAt === null) throw new Error('the Send click was not seen by the page');
    if (probe.firstAt === null || probe.lastChangeAt === null || busy) {
      throw new Error(`no complete reply to "${text}" within ${timeoutMs} ms (seen: "${probe.reply}")`);
    }
    return {
      reply: probe.reply,
      firstCharacterMs: probe.firstAt - probe.sentAt,
      completeMs: probe.lastChangeAt - probe.sentAt,
    };
  }

  /** Clicks 'Export Transcript' and returns the download it starts. */
  async export(): Promise<Download> {
    const download = this.page.waitForEvent('download', { timeout: 30_000 });
    await this.exportTranscript.click();
    return download;
  }
}
