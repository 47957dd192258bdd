import type { PracticeSession, Scenario, SpeechAnalysis, StoredFeedback } from '@parley/contracts';
import {
  apiCall,
  createTestUser,
  decodeWav,
  encodeWav,
  startSpeechServerDouble,
  startSystem,
  type SpeechServerDouble,
  type TestSystem,
  type TestUser,
  type TranscriptionRecord,
} from '@parley/server-testing';

/** Voice mode through the gateway: speech-to-text and text-to-speech against the speech server double. */

/** Speech-shaped audio: tone bursts, `pattern` giving each burst's and gap's length in 20 ms frames. */
function bursts(pattern: number[], rate = 16_000): Float32Array {
  const frame = rate / 50;
  const samples = new Float32Array((pattern.reduce((a, b) => a + b, 0) + 10) * frame);
  let at = 5 * frame;
  pattern.forEach((frames, i) => {
    if (i % 2 === 0)
      for (let s = 0; s < frames * frame; s++)
        samples[at + s] = 0.4 * Math.sin((2 * Math.PI * 200 * s) / rate);
    at += frames * frame;
  });
  return samples;
}

function speechToText(system: TestSystem, user: TestUser, wav: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'turn.wav');
  return fetch(`${system.baseUrl}/api/speech-to-text`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.1`,
    },
    body: form,
  });
}

const speak = (system: TestSystem, user: TestUser | null, body: unknown) =>
  apiCall(system, '/api/text-to-speech', { token: user?.token, body });

describe('voice mode through the gateway (speech server double)', () => {
  let double: SpeechServerDouble;
  let system: TestSystem;
  let free: TestUser;
  let premium: TestUser;
  let scenarios: Scenario[];
  const turn = bursts([20, 5, 30, 8, 15, 4, 40]);

  beforeAll(async () => {
    double = await startSpeechServerDouble({ msPerWord: 30 });
    double.addRecording({
      text: 'Um, so, I think we should, uh, start on Monday.',
      wav: encodeWav(turn, 16_000),
    });
    system = await startSystem({
      label: 'voice',
      env: {
        coaching: { OPENAI_TRANSCRIBE_BASE_URL: double.baseUrl, OPENAI_SPEECH_BASE_URL: double.baseUrl },
        // The suites running beside it count against the same 127.0.0.1 in the shared limiter (ADR 0031).
        gateway: { RATE_LIMIT_PER_MINUTE: '100000' },
      },
    });
    free = await createTestUser(system);
    premium = await createTestUser(system, { plan: 'premium' });
    scenarios = (await (
      await apiCall(system, '/api/user/scenarios', { token: premium.token })
    ).json()) as Scenario[];
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await double?.close();
  });

  it('says it has speech-to-text and text-to-speech, to signed-in callers only', async () => {
    const res = await apiCall(system, '/api/speech/capabilities', { token: free.token });
    expect([res.status, await res.json()]).toEqual([200, { speech_to_text: true, text_to_speech: true }]);
    expect((await apiCall(system, '/api/speech/capabilities')).status).toBe(401);
  });

  it('transcribes a spoken turn verbatim, asking the model to keep its fillers', async () => {
    const res = await speechToText(system, free, encodeWav(turn, 16_000));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      text: 'Um, so, I think we should, uh, start on Monday.',
      transcript: 'Um, so, I think we should, uh, start on Monday.',
    });
    const sent = double.records.filter((r): r is TranscriptionRecord => r.kind === 'transcription').at(-1)!;
    expect(sent).toMatchObject({ model: 'whisper-1', language: 'en', matched: 0, fileName: 'speech.wav' });
    expect(sent.prompt).toMatch(/^Um, uh, so, like, you know/);
    expect(sent.audio?.sampleRate).toBe(16_000);
  });

  it("streams a sentence as WAV in the persona's voice, the same voice for the same scenario", async () => {
    const scenario = scenarios.find((s) => !s.premium)!;
    const voices: string[] = [];
    for (const text of ['That is a fair point.', 'What would help you most?']) {
      const res = await speak(system, free, { text, scenario_id: scenario.id });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      const pcm = decodeWav(Buffer.from(await res.arrayBuffer()));
      expect(pcm?.sampleRate).toBe(24_000);
      expect(pcm!.samples.length).toBeGreaterThan(24_000 * 0.1);
      const record = double.records.at(-1)!;
      expect(record).toMatchObject({ kind: 'speech', input: text, model: 'tts-1', format: 'wav' });
      if (record.kind === 'speech') voices.push(record.voice);
    }
    expect(new Set(voices).size).toBe(1);
  });

  it('refuses bad input with a clear error, and answers nobody without a token', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /text/],
      [{ text: '   ' }, /text must not be empty/],
      [{ text: 'x'.repeat(1001) }, /at most 1000 characters/],
      [{ text: 'Hello.', voice: 'onyx' }, /voice/],
      [{ text: 'Hello.', scenario_id: 42 }, /scenario_id/],
    ];
    for (const [body, message] of cases) {
      const res = await speak(system, free, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect((await speak(system, null, { text: 'Hello.' })).status).toBe(401);
  });

  it("speaks no premium persona for a free user: the scenario's plan rule holds", async () => {
    const locked = scenarios.find((s) => s.premium)!;
    const before = double.records.length;
    const res = await speak(system, free, { text: 'Hello there.', scenario_id: locked.id });
    expect(res.status).toBe(403);
    expect(double.records.length).toBe(before);
    expect((await speak(system, premium, { text: 'Hello there.', scenario_id: locked.id })).status).toBe(200);
  });

  it("analyses a spoken turn's pace over the time spoken and its silences, and refuses malformed timing", async () => {
    const res = await apiCall(system, '/api/analysis/filler-words', {
      token: free.token,
      body: {
        messages: [
          { sender: 'ai', content: 'Tell me more.' },
          {
            sender: 'user',
            content: 'Um, so, I think we should, uh, start on Monday.',
            durationMs: 4200,
            speakingMs: 3000,
            pausesMs: [300, 1200],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const speech = (await res.json()) as SpeechAnalysis;
    expect(speech.wordsPerMinute).toBe(200);
    expect(speech.turns).toEqual([
      {
        messageIndex: 1,
        spoken: true,
        words: 10,
        fillers: 3,
        speakingSeconds: 3,
        wordsPerMinute: 200,
        longPauses: [1.2],
      },
    ]);
    const bad = await apiCall(system, '/api/analysis/filler-words', {
      token: free.token,
      body: { messages: [{ sender: 'user', content: 'Hi.', pausesMs: [-5] }] },
    });
    expect(bad.status).toBe(400);
  });

  it("keeps a spoken turn's timing with the session, and the feedback's clarity uses its pace", async () => {
    const scenario = scenarios.find((s) => !s.premium)!;
    const created = await apiCall(system, '/api/user/sessions', {
      token: free.token,
      body: { scenario_id: scenario.id },
    });
    expect(created.status).toBe(201);
    const session = (await created.json()) as PracticeSession;
    // The partner's opening, the server's own.
    const opening = session.messages[0]!;
    expect(opening.sender).toBe('ai');
    const spoken =
      'I have led a team of five for two years, and last quarter we shipped the new billing system two weeks early.';
    const timing = { durationMs: 7400, speakingMs: 5600, pausesMs: [400, 1300], pauseBeforeMs: 900 };
    const chat = (messages: unknown[], token = free.token) =>
      apiCall(system, '/api/chat/chat-completion', {
        token,
        body: {
          session_id: session.id,
          scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
          messages,
        },
      });

    // Malformed timing is refused before anything is stored.
    for (const bad of [
      { speakingMs: -1 },
      { pausesMs: [1.5] },
      { speakingMs: '5600' },
      { pausesMs: 'long' },
    ]) {
      const res = await chat([
        { sender: 'ai', content: 'So, tell me about yourself.' },
        { sender: 'user', content: spoken, ...bad },
      ]);
      expect(res.status).toBe(400);
    }
    // Another learner cannot write into this session, timing or not.
    const other = await createTestUser(system);
    expect(
      (await chat([{ sender: 'user', content: 'Mine now.', speakingMs: 900 }], other.token)).status,
    ).toBe(404);

    const res = await chat([
      { sender: 'ai', content: 'So, tell me about yourself.' },
      { sender: 'user', content: spoken, ...timing },
    ]);
    expect(res.status).toBe(200);
    await res.text();
    const view = async () =>
      (await (
        await apiCall(system, `/api/user/sessions/view/${session.id}`, { token: free.token })
      ).json()) as PracticeSession;
    let stored = await view();
    for (let i = 0; i < 50 && stored.messages.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await view();
    }
    expect(stored.messages).toHaveLength(3);
    expect(stored.messages[0]).toEqual(opening);
    expect(stored.messages[1]).toEqual({ sender: 'user', content: spoken, ...timing });
    expect(Object.keys(stored.messages[2]!).sort()).toEqual(['content', 'sender']);
    expect(
      (await apiCall(system, `/api/user/sessions/view/${session.id}`, { token: other.token })).status,
    ).toBe(404);

    // 22 words in 5.6 s spoken: 236 words a minute. The feedback names the turn and its measured pace.
    const feedback = (await (
      await apiCall(system, '/api/chat/post-session-feedback', {
        token: free.token,
        body: { session_id: session.id },
      })
    ).json()) as StoredFeedback;
    expect(feedback.weaknesses.join('\n')).toMatch(/at 236 words a minute, faster than the 110–170/);
    expect(feedback.evidence.clarity).toContainEqual(
      expect.objectContaining({
        line: spoken,
        effect: 'cost',
        reason: expect.stringMatching(/236 words a minute/),
      }),
    );
  });
});

describe('voice mode without a speech server (builtin provider)', () => {
  let system: TestSystem;
  let user: TestUser;

  beforeAll(async () => {
    system = await startSystem({ label: 'novoice' });
    user = await createTestUser(system);
  }, 120_000);

  afterAll(() => system?.stop());

  it('says it has neither speech-to-text nor text-to-speech, before anything is spoken', async () => {
    const res = await apiCall(system, '/api/speech/capabilities', { token: user.token });
    expect([res.status, await res.json()]).toEqual([200, { speech_to_text: false, text_to_speech: false }]);
  });

  it('answers 503 for speech, so the browser speaks with its own voice, and for transcription', async () => {
    const res = await speak(system, user, { text: 'Hello there.' });
    expect([res.status, await res.clone().text()]).toEqual([503, expect.any(String)]);
    expect(await res.json()).toEqual({ error: 'Text-to-speech is not configured on this server' });
    const stt = await speechToText(system, user, encodeWav(bursts([20, 5, 20]), 16_000));
    expect(stt.status).toBe(503);
  });
});
