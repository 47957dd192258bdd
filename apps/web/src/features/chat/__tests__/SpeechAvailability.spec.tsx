import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertUser } from '../../../lib/browser';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import type { SpeechOutputEvents } from '../voice/speechOutput';
import { encodeWav } from '../voice/wav';
import { OPENING, stubChatApi, testScenario } from './chatFixtures';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

/** Voice input, voice mode and read-aloud say what they cannot do, in words, before or as it happens. */

const CHAT = `/chat/${testScenario.id}`;
const CAPABILITIES = 'GET /api/speech/capabilities';
const NO_SPEECH_TO_TEXT =
  'Speech-to-text is not configured on this server: voice input and voice mode are not available. Type your message instead.';
const NO_VOICE_TO_READ =
  'Read aloud is not available: this browser has no voice to read with, and this server has no text-to-speech.';
const REPLIES_NOT_SPOKEN =
  'The partner’s replies are shown, not spoken: this browser has no voice, and this server has no text-to-speech.';

const capabilities = (speech_to_text: boolean, text_to_speech: boolean) => () =>
  json({ speech_to_text, text_to_speech });

async function openChat() {
  renderApp(CHAT, { storedSession: testSession });
  // The first test of the file loads the route's code: allow a busy machine more than findBy's 1 s.
  await screen.findByRole('heading', { level: 1, name: testScenario.title }, { timeout: 10_000 });
}

const panel = () => screen.getByRole('region', { name: 'Voice mode' });
const voiceState = () => panel().querySelector('[data-voice-state]')?.textContent;

/**
 * Voice mode's code with a microphone that hears a whole turn on each frame the test sends, and a
 * partner's voice that is done as soon as it is asked to speak (having failed to, with `speechFails`).
 */
function mockVoiceEngine({ speechFails = false } = {}) {
  const controls = { onFrame: null as ((samples: Float32Array, at: number) => void) | null };
  vi.doMock('../voice/engine', async () => {
    const { SentenceSplitter } = await import('../voice/sentences');
    class VoiceCapture {
      readonly context = {};
      readonly sampleRate = 16_000;
      static async open(onFrame: (samples: Float32Array, at: number) => void) {
        controls.onFrame = onFrame;
        return new VoiceCapture();
      }
      close() {
        controls.onFrame = null;
      }
    }
    class TurnDetector {
      inTurn = false;
      reset() {}
      begin() {}
      isVoiced() {
        return false;
      }
      push({ at }: { at: number }) {
        return {
          type: 'turn-end',
          turn: { startedAt: at - 800, endedAt: at, speakingMs: 800, pausesMs: [] },
        };
      }
    }
    class SpeechOutput {
      static browserVoice = false;
      busy = false;
      constructor(
        _context: unknown,
        _fetch: unknown,
        _scenarioId: unknown,
        private readonly events: SpeechOutputEvents,
      ) {}
      say() {
        setTimeout(() => {
          if (speechFails) this.events.onProblem?.('failed');
          this.events.onIdle();
        }, 0);
      }
      stop() {}
    }
    return {
      SentenceSplitter,
      SpeechOutput,
      TurnDetector,
      VoiceCapture,
      MicrophoneDeniedError: class extends Error {},
      levelOf: () => -20,
      markBargeIn: () => undefined,
      markVoiceLatency: () => undefined,
      encodeWav: () => new Uint8Array(44),
      resample: (samples: Float32Array) => samples,
      UPLOAD_RATE: 16_000,
    };
  });
  return {
    /** The learner says a whole turn. */
    speak: () => act(() => controls.onFrame?.(new Float32Array(320), performance.now())),
  };
}

async function startVoiceMode() {
  fireEvent.click(screen.getByRole('button', { name: 'Voice mode' }));
  await waitFor(() => expect(voiceState()).toBe('Listening'));
}

describe('speech the server or the browser cannot do, said in words', () => {
  beforeEach(() => {
    vi.mocked(alertUser).mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('../voice/engine');
  });

  it('says before anything is spoken that voice input and voice mode need speech-to-text the server lacks', async () => {
    const api = stubChatApi({ [CAPABILITIES]: capabilities(false, true) });
    await openChat();
    expect(await screen.findByText(NO_SPEECH_TO_TEXT)).toBeTruthy();
    const mic = screen.getByRole('button', { name: 'Voice input is not available' }) as HTMLButtonElement;
    expect(mic.disabled).toBe(true);
    expect(mic.getAttribute('aria-describedby')).toBe('chat-voice-unavailable');
    expect((screen.getByRole('button', { name: 'Voice mode' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Voice mode' }));
    expect(screen.queryByRole('region', { name: 'Voice mode' })).toBeNull();
    expect(api.calls('POST /api/speech-to-text')).toHaveLength(0);
    // Typing still works.
    expect((screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement).disabled).toBe(
      false,
    );
  });

  it('keeps the microphone and voice mode as they were while the server does not say', async () => {
    const api = stubChatApi(); // no capabilities route: an older gateway answers 404
    await openChat();
    await waitFor(() => expect(api.calls(CAPABILITIES)).toHaveLength(1));
    expect(screen.queryByText(NO_SPEECH_TO_TEXT)).toBeNull();
    expect((screen.getByRole('button', { name: 'Start voice input' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole('button', { name: 'Voice mode' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so under the microphone once a dictation was refused for want of speech-to-text', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [] })) },
    });
    vi.stubGlobal(
      'MediaRecorder',
      class {
        state = 'inactive';
        onstop: (() => void) | null = null;
        ondataavailable = null;
        start() {
          this.state = 'recording';
        }
        stop() {
          this.state = 'inactive';
          this.onstop?.();
        }
      },
    );
    stubChatApi({
      'POST /api/speech-to-text': () =>
        json({ error: 'Speech-to-text is not configured on this server' }, 503),
    });
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Start voice input' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
    // The spec's alert with the server's text, then the microphone says so before the next try.
    await waitFor(() =>
      expect(alertUser).toHaveBeenCalledWith('Speech-to-text is not configured on this server'),
    );
    expect(await screen.findByText(NO_SPEECH_TO_TEXT)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Voice input is not available' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('closes voice mode and says why when the server answers that it has no speech-to-text after all', async () => {
    const engine = mockVoiceEngine();
    const api = stubChatApi({
      'POST /api/speech-to-text': () =>
        json({ error: 'Speech-to-text is not configured on this server' }, 503),
    });
    await openChat();
    await startVoiceMode();
    engine.speak();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Voice mode' })).toBeNull());
    expect(api.calls('POST /api/speech-to-text')).toHaveLength(1);
    expect(screen.getByText(NO_SPEECH_TO_TEXT)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Voice mode' }) as HTMLButtonElement).disabled).toBe(true);
    expect(alertUser).not.toHaveBeenCalled();
  });

  it('pauses voice mode with the reason when a turn fails to transcribe, and Resume listens again', async () => {
    const engine = mockVoiceEngine();
    let answers = 0;
    stubChatApi({
      [CAPABILITIES]: capabilities(true, true),
      'POST /api/speech-to-text': () =>
        ++answers === 1 ? json({ error: 'Transcription failed.' }, 502) : json({ error: 'Bad gateway' }, 502),
    });
    await openChat();
    await startVoiceMode();
    engine.speak();
    const problem = await within(panel()).findByRole('alert');
    expect(problem.textContent).toBe(
      'What you said could not be transcribed: Transcription failed. Voice mode is paused: select Resume and say it again.',
    );
    expect(voiceState()).toBe('Paused');
    // Paused: nothing more is sent while it says so.
    engine.speak();
    expect(answers).toBe(1);

    fireEvent.click(within(panel()).getByRole('button', { name: 'Resume' }));
    expect(voiceState()).toBe('Listening');
    expect(within(panel()).queryByRole('alert')).toBeNull();
    engine.speak();
    await waitFor(() =>
      expect(within(panel()).getByRole('alert').textContent).toBe(
        'What you said could not be transcribed: Bad gateway. Voice mode is paused: select Resume and say it again.',
      ),
    );
    expect(voiceState()).toBe('Paused');
    expect(alertUser).not.toHaveBeenCalled();
  });

  it('says in voice mode that the replies are shown, not spoken, where neither the server nor the browser has a voice', async () => {
    mockVoiceEngine();
    stubChatApi({ [CAPABILITIES]: capabilities(true, false) });
    await openChat();
    expect('speechSynthesis' in window).toBe(false);
    await startVoiceMode();
    expect(await within(panel()).findByText(REPLIES_NOT_SPOKEN)).toBeTruthy();
  });

  it('says in voice mode when the partner’s line could not be spoken, and listens on', async () => {
    mockVoiceEngine({ speechFails: true });
    stubChatApi({ [CAPABILITIES]: capabilities(true, true) });
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Voice mode' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'Part of the partner’s reply could not be spoken: read it in the conversation above.',
    );
    await waitFor(() => expect(voiceState()).toBe('Listening'));
  });

  it('says why read-aloud cannot read where the browser lists no voice and the server has no text-to-speech', async () => {
    const speak = vi.fn();
    let onVoicesChanged: (() => void) | null = null;
    vi.stubGlobal('speechSynthesis', {
      speak,
      cancel: vi.fn(),
      getVoices: () => [],
      addEventListener: (_: string, listener: () => void) => (onVoicesChanged = listener),
      removeEventListener: vi.fn(),
    });
    vi.stubGlobal('SpeechSynthesisUtterance', class {});
    const api = stubChatApi({ [CAPABILITIES]: capabilities(false, false) });
    await openChat();
    await waitFor(() => expect(api.calls(CAPABILITIES)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    // The browser gets a moment to list its voices; it lists none.
    expect(onVoicesChanged).not.toBeNull();
    act(() => onVoicesChanged?.());
    expect(await screen.findByText(NO_VOICE_TO_READ)).toBeTruthy();
    expect(speak).not.toHaveBeenCalled();
    expect(api.calls('POST /api/text-to-speech')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Read aloud' }).getAttribute('aria-pressed')).toBe('false');
  });

  it("reads aloud with the server's voice where the browser has none", async () => {
    const started: number[] = [];
    vi.stubGlobal(
      'AudioContext',
      class {
        private readonly origin = performance.now();
        /** The audio clock runs with the test's. */
        get currentTime() {
          return (performance.now() - this.origin) / 1000;
        }
        outputLatency = 0;
        baseLatency = 0;
        destination = {};
        createBuffer(_channels: number, length: number, rate: number) {
          return { duration: length / rate, copyToChannel: () => undefined };
        }
        createBufferSource() {
          return {
            buffer: null,
            connect: () => undefined,
            start: (at: number) => started.push(at),
            stop: () => undefined,
          };
        }
        close() {
          return Promise.resolve();
        }
      },
    );
    const wav = encodeWav(new Float32Array(240).fill(0.1), 24_000);
    const api = stubChatApi({
      [CAPABILITIES]: capabilities(false, true),
      'POST /api/text-to-speech': () =>
        new Response(new Uint8Array(wav), { status: 200, headers: { 'content-type': 'audio/wav' } }),
    });
    await openChat();
    await waitFor(() => expect(api.calls(CAPABILITIES)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(started.length).toBeGreaterThan(0));
    expect(api.calls('POST /api/text-to-speech').map((r) => r.body)).toEqual([
      { text: OPENING, scenario_id: testScenario.id },
    ]);
    expect(screen.queryByText(NO_VOICE_TO_READ)).toBeNull();
    // Done once the sound has played.
    await screen.findByRole('button', { name: 'Read aloud' });
  });
});
