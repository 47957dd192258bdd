import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorizedFetch } from '../authorizedFetch';
import { SpeechOutput, TEXT_TO_SPEECH_URL } from './speechOutput';
import { encodeWav } from './wav';

/** An AudioContext that records what is scheduled; time moves only when the test says so. */
class FakeAudioContext {
  currentTime = 0;
  outputLatency = 0.02;
  baseLatency = 0;
  readonly destination = {};
  readonly started: Array<{ at: number; seconds: number }> = [];

  createBuffer(_channels: number, length: number, rate: number) {
    return { duration: length / rate, copyToChannel: () => undefined };
  }

  createBufferSource() {
    const source = {
      buffer: null as { duration: number } | null,
      onended: null as (() => void) | null,
      connect: () => undefined,
      start: (at: number) => this.started.push({ at, seconds: source.buffer?.duration ?? 0 }),
      stop: () => undefined,
    };
    return source;
  }
}

/** The browser's own voice: records what it is asked to say and finishes each at once. */
class FakeSynthesis {
  readonly said: string[] = [];
  cancelled = 0;
  speak(utterance: { text: string; onstart?: () => void; onend?: () => void }) {
    this.said.push(utterance.text);
    queueMicrotask(() => {
      utterance.onstart?.();
      utterance.onend?.();
    });
  }
  cancel() {
    this.cancelled += 1;
  }
}

class FakeUtterance {
  onstart?: () => void;
  onend?: () => void;
  onerror?: () => void;
  constructor(readonly text: string) {}
}

/** One sentence of speech as the server streams it: a WAV in two pieces. */
function wavResponse(seconds: number): Response {
  const bytes = encodeWav(new Float32Array(Math.round(24_000 * seconds)).fill(0.1), 24_000);
  const half = Math.floor(bytes.length / 2);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, half));
      controller.enqueue(bytes.subarray(half));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'audio/wav' } });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SpeechOutput: the partner’s voice, sentence by sentence', () => {
  let synth: FakeSynthesis;

  beforeEach(() => {
    synth = new FakeSynthesis();
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    SpeechOutput.browserVoice = false;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    SpeechOutput.browserVoice = false;
  });

  it('plays each sentence from the server, in order, back to back, and says when the first sound starts', async () => {
    const context = new FakeAudioContext();
    const asked: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe(TEXT_TO_SPEECH_URL);
      const { text, scenario_id } = JSON.parse(String(init?.body)) as { text: string; scenario_id: string };
      expect(scenario_id).toBe('sn-raise');
      asked.push(text);
      return wavResponse(text.length > 10 ? 0.5 : 0.25);
    }) as unknown as AuthorizedFetch;
    const events = { onFirstBytes: vi.fn(), onFirstAudio: vi.fn(), onIdle: vi.fn() };
    const output = new SpeechOutput(context as unknown as AudioContext, fetch, 'sn-raise', events);

    output.say('Thanks for coming in.');
    output.say('Go on.');
    await vi.waitFor(() => expect(context.started.length).toBeGreaterThanOrEqual(2));
    await settle();

    expect(asked).toEqual(['Thanks for coming in.', 'Go on.']);
    expect(events.onFirstBytes).toHaveBeenCalledTimes(1);
    expect(events.onFirstAudio).toHaveBeenCalledTimes(1);
    // Back to back: each piece starts where the one before ends.
    for (let i = 1; i < context.started.length; i++) {
      const before = context.started[i - 1]!;
      expect(context.started[i]!.at).toBeCloseTo(before.at + before.seconds, 6);
    }
    expect(synth.said).toEqual([]);
    expect(output.busy).toBe(true); // scheduled sound still to play
  });

  it('speaks with the browser’s own voice when the server has none (503), from then on', async () => {
    const context = new FakeAudioContext();
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'Speech is not configured' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    ) as unknown as AuthorizedFetch;
    const events = { onFirstAudio: vi.fn(), onIdle: vi.fn() };
    const output = new SpeechOutput(context as unknown as AudioContext, fetch, undefined, events);

    output.say('Thanks for coming in.');
    output.say('What did you want to discuss?');
    await vi.waitFor(() => expect(events.onIdle).toHaveBeenCalledTimes(1));

    expect(synth.said).toEqual(['Thanks for coming in.', 'What did you want to discuss?']);
    expect(context.started).toEqual([]);
    expect(events.onFirstAudio).toHaveBeenCalledTimes(1);
    expect(SpeechOutput.browserVoice).toBe(true);

    // The next reply goes straight to the browser's voice: the server is not asked again.
    const calls = vi.mocked(fetch).mock.calls.length;
    const next = new SpeechOutput(context as unknown as AudioContext, fetch, undefined, {
      onFirstAudio: vi.fn(),
      onIdle: vi.fn(),
    });
    next.say('Fair enough.');
    await vi.waitFor(() => expect(synth.said).toContain('Fair enough.'));
    expect(vi.mocked(fetch).mock.calls.length).toBe(calls);
  });

  it('does not switch to the browser’s voice on an error that is not "no voice": the sentence is skipped, and said to be', async () => {
    const context = new FakeAudioContext();
    const fetch = vi.fn(async () => new Response('busy', { status: 502 })) as unknown as AuthorizedFetch;
    const events = { onFirstAudio: vi.fn(), onIdle: vi.fn(), onProblem: vi.fn() };
    const output = new SpeechOutput(context as unknown as AudioContext, fetch, undefined, events);
    output.say('Thanks for coming in.');
    await vi.waitFor(() => expect(events.onIdle).toHaveBeenCalledTimes(1));
    expect(synth.said).toEqual([]);
    expect(SpeechOutput.browserVoice).toBe(false);
    expect(events.onFirstAudio).not.toHaveBeenCalled();
    expect(events.onProblem).toHaveBeenCalledWith('failed');
  });

  it('says there is no voice, rather than nothing, when the server has none (503) and the browser lists none', async () => {
    let voicesChanged: (() => void) | null = null;
    Object.defineProperty(window, 'speechSynthesis', {
      value: Object.assign(synth, {
        getVoices: () => [],
        addEventListener: (_: string, listener: () => void) => (voicesChanged = listener),
        removeEventListener: () => undefined,
      }),
      configurable: true,
    });
    const context = new FakeAudioContext();
    const fetch = vi.fn(async () => new Response('{}', { status: 503 })) as unknown as AuthorizedFetch;
    const events = { onFirstAudio: vi.fn(), onIdle: vi.fn(), onProblem: vi.fn() };
    const output = new SpeechOutput(context as unknown as AudioContext, fetch, undefined, events);
    output.say('Thanks for coming in.');
    output.say('Go on.');
    await vi.waitFor(() => expect(voicesChanged).not.toBeNull());
    voicesChanged!(); // the browser has loaded its voices: still none
    await vi.waitFor(() => expect(events.onIdle).toHaveBeenCalledTimes(1));
    expect(synth.said).toEqual([]);
    expect(events.onProblem).toHaveBeenCalledWith('no-voice');
    expect(events.onProblem).not.toHaveBeenCalledWith('failed');
    expect(events.onFirstAudio).not.toHaveBeenCalled();
  });

  it('stops at once when the learner interrupts: fetches aborted, nothing more spoken', async () => {
    const context = new FakeAudioContext();
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signals.push(init!.signal!);
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ) as unknown as AuthorizedFetch;
    const events = { onFirstAudio: vi.fn(), onIdle: vi.fn() };
    const output = new SpeechOutput(context as unknown as AudioContext, fetch, undefined, events);
    output.say('One.');
    output.say('Two.');
    output.say('Three.');
    expect(signals).toHaveLength(2); // two sentences fetched ahead, not all three
    output.stop();
    output.say('Four.');
    await settle();
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(synth.cancelled).toBe(1);
    expect(context.started).toEqual([]);
    expect(events.onFirstAudio).not.toHaveBeenCalled();
  });
});
