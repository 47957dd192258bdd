import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppPage, RESULTS_DIR } from './pages/app.page.ts';
import { AuthPage } from './pages/auth.page.ts';
import { ChatPage } from './pages/chat.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import {
  assertEspeakInstalled,
  join as joinAudio,
  secondsOf,
  silence,
  speak,
  writeWav,
  type Pcm16,
} from './support/speech-audio.ts';
import { api, browserSession, confirmationLink, seriousViolations, systemBaseUrl } from './support/system.ts';

/**
 * Issue 22: a hands-free voice conversation against the real system (`npx nx run web-e2e:integration`).
 * espeak-ng speaks three learner turns (fillers and a mid-turn pause included) into one WAV that
 * Chromium plays as its microphone; the speech server double (libs/server/testing) transcribes what it
 * is sent by matching it against the known recordings, and speaks the partner's sentences. The turns:
 * the first after Pause and Resume, the second with a 1.4 s silence inside it, the third spoken over the
 * partner's reply (the partner stops). Then Leave voice mode, End Session, and the speech report with
 * pace and pauses measured from the speech. Latency is read from the page's performance.measure entries.
 */

const WORDS_PER_MINUTE = 150;
/** Only a reply that never comes fails (a cold first turn on an overloaded machine took 3.7 s). */
const HANG_MS = 10_000;
/** The end-of-turn silence, set on the Settings screen. */
const SILENCE_MS = 2000;
const TURNS: Array<{ lines: string[]; pauseSeconds?: number; silenceBefore: number }> = [
  // Time for the opening line, spoken, and for Pause and Resume before the first word.
  { lines: ['Um, thanks for meeting me. I would like to talk about my salary.'], silenceBefore: 11 },
  {
    lines: [
      'I took on the client launch, uh, and it went well.',
      'So I am asking for a raise of ten percent.',
    ],
    pauseSeconds: 1.4,
    // The partner's first reply: the end-of-turn silence, then its speech, then a moment.
    silenceBefore: 10,
  },
  // Soon after the turn before ends: the partner is still speaking, and is interrupted. Its reply starts
  // about 2.2 s after that turn's last word (the 2 s end-of-turn silence, then the system's share) and lasts
  // about 1.6 s (VOICE_SCENARIO), so this turn comes 3.2 s in.
  { lines: ['Could we, um, agree on a date to decide this?'], silenceBefore: 3.2 },
];
const transcriptOf = (turn: (typeof TURNS)[number]) => turn.lines.join(' ');
/**
 * A free catalogue scenario whose opening (about 35 words) fits the first silence, and whose partner answers
 * the second turn with eight or nine words (about 1.6 s of speech at the double's pace), so the third turn,
 * 3.2 s in, is spoken over it.
 */
const VOICE_SCENARIO = 'sn-first-offer-ask-for-more';

interface Measure {
  name: string;
  duration: number;
}
interface TranscriptionRecord {
  kind: 'transcription';
  bytes: number;
  prompt: string;
  language: string;
  mimeType: string;
  audio: { sampleRate: number; seconds: number } | null;
  matched: number | null;
  text: string;
}
interface SpeechRecord {
  kind: 'speech';
  voice: string;
  input: string;
  bytes: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function speechDoubleOrigin(): string {
  const url = process.env['PARLEY_E2E_SPEECH_DOUBLE_URL'];
  if (!url)
    throw new Error('PARLEY_E2E_SPEECH_DOUBLE_URL is not set: run with `npx nx run web-e2e:integration`');
  return url;
}

describe(
  'issue 22: voice mode, a three-turn spoken conversation with a fake microphone',
  { timeout: 240_000 },
  () => {
    const origin = systemBaseUrl();
    const doubleOrigin = speechDoubleOrigin();
    const dir = join(RESULTS_DIR, 'voice');
    let browser: Browser | undefined;
    let context: BrowserContext | undefined;
    const turnAudio: Pcm16[] = [];

    before(async () => {
      await assertEspeakInstalled();
      await mkdir(dir, { recursive: true });
      const pieces: Pcm16[] = [];
      for (const [t, turn] of TURNS.entries()) {
        const lines: Pcm16[] = [];
        for (const [l, line] of turn.lines.entries())
          lines.push(await speak(line, join(dir, `turn-${t + 1}-${l + 1}.wav`), WORDS_PER_MINUTE));
        const rate = lines[0]!.rate;
        const audio = joinAudio(
          ...lines.flatMap((pcm, i) => (i === 0 ? [pcm] : [silence(rate, turn.pauseSeconds ?? 0), pcm])),
        );
        turnAudio.push(audio);
        // The double's table: this recording and what was said, verbatim.
        const wav = await writeWav(join(dir, `turn-${t + 1}.wav`), audio);
        const res = await fetch(`${doubleOrigin}/_double/recordings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: transcriptOf(turn), wavBase64: wav.toString('base64') }),
        });
        assert.equal(res.status, 201, await res.text());
        pieces.push(silence(rate, turn.silenceBefore), audio);
      }
      const rate = turnAudio[0]!.rate;
      const microphone = join(dir, 'microphone.wav');
      await writeWav(microphone, joinAudio(...pieces, silence(rate, 60)));
      browser = await launchChromium([
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${microphone}`,
        '--autoplay-policy=no-user-gesture-required',
      ]);
    });

    after(async () => {
      await context?.close();
      await browser?.close();
    });

    test('listens, transcribes, answers aloud, is interrupted, and reports measured pace and pauses', async () => {
      const blocked: string[] = [];
      context = await newIsolatedContext(browser!, origin, blocked);
      context.setDefaultTimeout(20_000);
      const page: Page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => {
        console.log(`[pageerror] ${error.message}`);
        pageErrors.push(error.message);
      });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        console.log(`[dialog] ${dialog.message()}`);
        void dialog.accept();
      });
      const app = new AppPage(page, origin);
      const chat = new ChatPage(page, origin);
      const axe: string[] = [];
      const scan = async (where: string) => {
        for (const line of await seriousViolations(page)) axe.push(`${where}: ${line}`);
      };

      // A confirmed account.
      const email = `voice-e2e-${Date.now()}@example.com`;
      await new AuthPage(page, origin).register(email, 'Parley-e2e-Passw0rd!');
      await app.goto(await confirmationLink(email));
      await app.waitForPath('/onboarding');
      const session = await browserSession(page);

      // Settings → Technical: the silence that ends a turn.
      await app.goto('/settings?tab=technical');
      const silenceSetting = page.getByLabel('Voice mode: silence that ends your turn');
      await silenceSetting.fill(String(SILENCE_MS));
      await page.getByText('2.0 s', { exact: true }).waitFor();
      await scan('/settings?tab=technical');
      await app.screenshot('voice-01-settings');

      // One fixed scenario, not the scenario of the day: the builtin partner is deterministic, so its replies
      // (and so the timing of the interruption) are the same every day. A salary talk, as the turns are.
      await app.goto(`/chat/${VOICE_SCENARIO}`);
      await chat.messages.first().waitFor();
      const opening = await chat.messages.count();

      // Voice mode on: the microphone file starts playing now. A state log, on the page's clock. The
      // partner first says its opening line, then listens.
      const openingLine = (await chat.messages.first().textContent()) ?? '';
      await page.evaluate(() => {
        const log: string[] = [];
        (window as unknown as { __voiceStates: string[] }).__voiceStates = log;
        setInterval(() => {
          const now = document.querySelector('[data-voice-state]')?.getAttribute('data-voice-state') ?? 'off';
          if (log.at(-1) !== now) log.push(now);
        }, 10);
      });
      await page.getByRole('button', { name: 'Voice mode', exact: true }).click();
      const state = page.locator('[data-voice-state]');
      await page.waitForFunction(
        () => document.querySelector('[data-voice-state]')?.getAttribute('data-voice-state') === 'listening',
        null,
        { timeout: 15_000 },
      );
      // Pause and Resume, before the first word (the microphone file starts with silence).
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      assert.equal(await state.textContent(), 'Paused');
      await page.getByRole('button', { name: 'Resume', exact: true }).click();
      assert.equal(await state.textContent(), 'Listening');
      await app.screenshot('voice-02-listening');
      await scan('voice mode listening');

      // Turn 1: listening → thinking → speaking.
      await page.waitForFunction(() => document.querySelector('[data-voice-state="thinking"]'), null, {
        timeout: 15_000,
      });
      await app.screenshot('voice-03-thinking');
      await page.waitForFunction(() => document.querySelector('[data-voice-state="speaking"]'), null, {
        timeout: 15_000,
      });
      await app.screenshot('voice-04-speaking');

      // All three turns answered, the last reply spoken to its end.
      const spokenTurns = TURNS.map(transcriptOf);
      for (const text of spokenTurns)
        await chat.transcript.getByText(text, { exact: false }).waitFor({ timeout: 45_000 });
      await page.waitForFunction(
        (n) => document.querySelectorAll('[role="log"] article, [role="log"] [role="article"]').length >= n,
        opening + 6,
        { timeout: 20_000 },
      );
      await page.waitForFunction(
        () => {
          const log = (window as unknown as { __voiceStates: string[] }).__voiceStates;
          return log.filter((s) => s === 'thinking').length >= 3 && log.at(-1) === 'listening';
        },
        null,
        { timeout: 30_000 },
      );
      await scan('voice mode after three turns');
      await app.screenshot('voice-05-three-turns');
      const states = await page.evaluate(
        () => (window as unknown as { __voiceStates: string[] }).__voiceStates,
      );

      const measures = await page.evaluate(() =>
        performance
          .getEntriesByType('measure')
          .filter((m) => m.name.startsWith('voice:'))
          .map((m) => ({ name: m.name, duration: m.duration })),
      );

      // Leave voice mode, end the session, read the speech report.
      await page.getByRole('button', { name: 'Leave voice mode', exact: true }).click();
      await page.getByRole('button', { name: 'Voice mode', exact: true }).waitFor();
      await chat.endSession.click();
      const report = page.locator('.speech-report');
      await report.getByRole('heading', { name: 'Speech Analysis' }).waitFor({ timeout: 30_000 });
      const pace = (await page.getByTestId('speech-pace').textContent()) ?? '';
      const longPauses = Number(await page.getByTestId('speech-long-pauses').textContent());
      const rows = await page.getByTestId('speech-turn').evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.children)
            .map((cell) => cell.textContent ?? '')
            .join(' | '),
        ),
      );
      await scan('speech report');
      await app.screenshot('voice-06-speech-report');

      // Each spoken turn's timing is kept with the stored session (the feedback and a replay can use it).
      const history = (await (await api(origin, session, '/user/sessions')).json()) as Array<{ id: string }>;
      const stored = (await (await api(origin, session, `/user/sessions/view/${history[0]!.id}`)).json()) as {
        messages: Array<{ sender: string; speakingMs?: number; pausesMs?: number[]; durationMs?: number }>;
      };
      const learnerTurns = stored.messages.filter((m) => m.sender === 'user');
      assert.equal(learnerTurns.length, 3);
      for (const m of learnerTurns) {
        assert.ok(m.speakingMs! > 1000 && m.speakingMs! <= m.durationMs!, JSON.stringify(m));
        assert.ok(Array.isArray(m.pausesMs), JSON.stringify(m));
      }
      assert.ok(
        learnerTurns[1]!.pausesMs!.some((ms) => ms >= 1000),
        'turn 2 keeps its long pause',
      );

      // What the speech server double received and said.
      const records = (await (await fetch(`${doubleOrigin}/_double/requests`)).json()) as Array<
        TranscriptionRecord | SpeechRecord
      >;
      const transcriptions = records.filter((r): r is TranscriptionRecord => r.kind === 'transcription');
      const speeches = records.filter((r): r is SpeechRecord => r.kind === 'speech');

      const byName = (name: string) =>
        measures.filter((m: Measure) => m.name === name).map((m) => Math.round(m.duration));
      const endToAudio = byName('voice:end-of-speech→first-audio');
      const systemShare = byName('voice:turn-end→first-audio');
      const transcription = byName('voice:turn-end→transcript');
      const tokenToAudio = byName('voice:first-token→first-audio');
      const bargeIns = byName('voice:barge-in');
      const figures = {
        endOfSpeechToFirstAudioMs: endToAudio,
        turnEndToFirstAudioMs: systemShare,
        turnEndToTranscriptMs: transcription,
        firstTokenToFirstAudioMs: tokenToAudio,
        bargeInStopMs: bargeIns,
        steps: Object.fromEntries(
          [
            'voice:transcript→first-token',
            'voice:first-token→first-sentence',
            'voice:first-sentence→first-audio-bytes',
            'voice:first-audio-bytes→first-audio',
          ].map((name) => [name, byName(name)]),
        ),
        systemShareP95Ms: systemShare.length ? percentile(systemShare, 95) : null,
        firstTokenToAudioP95Ms: tokenToAudio.length ? percentile(tokenToAudio, 95) : null,
        silenceMs: SILENCE_MS,
        loadPerCore: Math.round((loadavg()[0]! / cpus().length) * 10) / 10,
        pace,
        longPauses,
        turns: rows,
        states: states.join(' → '),
        transcriptions: transcriptions.map((r) => ({ bytes: r.bytes, audio: r.audio, matched: r.matched })),
        voices: [...new Set(speeches.map((s) => s.voice))],
        spokenSentences: speeches.length,
        turnSeconds: turnAudio.map((a) => Math.round(secondsOf(a) * 10) / 10),
      };
      console.log(`[voice] ${JSON.stringify(figures, null, 2)}`);

      assert.deepEqual(pageErrors, []);
      assert.deepEqual(dialogs, [], 'no alert (microphone, transcription) in a working session');
      // Real audio reached the double, as 16 kHz WAV, and each turn matched its own recording, in order.
      assert.equal(transcriptions.length, 3, JSON.stringify(transcriptions));
      transcriptions.forEach((r, i) => {
        assert.equal(r.matched, i, `turn ${i + 1} matched recording ${r.matched}`);
        assert.ok(r.bytes > 32_000, `turn ${i + 1}: ${r.bytes} bytes of audio`);
        assert.equal(r.audio?.sampleRate, 16_000);
        assert.match(r.prompt, /\bUm\b.*\buh\b/i, 'the transcription prompt shows disfluencies');
        assert.equal(r.language, 'en');
      });
      // The verbatim transcripts, fillers kept, are the learner's messages.
      for (const text of spokenTurns) assert.ok((await chat.transcript.textContent())?.includes(text), text);
      // The partner was heard: its opening line first, then several sentences, one voice for the persona.
      assert.ok(speeches.length >= 4, `${speeches.length} sentences spoken`);
      assert.ok(
        openingLine.includes(speeches[0]!.input.trim()),
        `the first words spoken were "${speeches[0]!.input}", not the opening line "${openingLine}"`,
      );
      assert.match(
        figures.states,
        /^off → (starting → )?speaking → listening → paused → listening → thinking/,
      );
      assert.equal(figures.voices.length, 1, `one voice for the persona: ${figures.voices.join(', ')}`);
      // The states the learner saw, and the interruption.
      assert.ok(states.includes('thinking') && states.includes('speaking'), figures.states);
      assert.equal(bargeIns.length, 1, 'the third turn interrupted the partner');
      // The speech report: pace over the time spoken, the pause inside turn 2.
      const wpm = Number(/(\d+)/.exec(pace)?.[1]);
      assert.ok(wpm >= 90 && wpm <= 260, `pace ${pace}`);
      assert.match(pace, /while speaking/);
      assert.equal(rows.length, 3, rows.join(' | '));
      // Turn | Words | Speaking time | Pace | Long pauses | Fillers
      const pauseSeconds = Number(/^(\d+(?:\.\d)?) s$/.exec(rows[1]!.split(' | ')[4]!)?.[1]);
      assert.ok(pauseSeconds >= 1 && pauseSeconds < SILENCE_MS / 1000, `turn 2: ${rows[1]}`);
      assert.ok(longPauses >= 1);
      // Latency (issue 22 item 5) is measured by `npm run bench:voice` (many turns, a real p95), not by
      // this test: here every reply that was heard is measured (three, or two when the third turn came in
      // before the second reply's first sound and so silenced it), and only a reply that never comes fails.
      assert.ok(endToAudio.length >= 2, `measured turns: ${endToAudio.length}`);
      assert.ok(Math.max(...systemShare) < HANG_MS, `system share ${systemShare.join(', ')} ms`);
      assert.deepEqual(blocked, []);
      assert.deepEqual(axe, [], axe.join('\n'));
    });
  },
);
