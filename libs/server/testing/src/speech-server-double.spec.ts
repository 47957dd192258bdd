import {
  decodeWav,
  encodeWav,
  startSpeechServerDouble,
  toneSpeech,
  type SpeechServerDouble,
  type TranscriptionRecord,
} from './speech-server-double';

/** Speech-shaped audio: bursts of a tone, `pattern` giving each burst's and gap's length in 20 ms frames. */
function bursts(pattern: number[], rate: number): Float32Array {
  const frame = Math.round(rate * 0.02);
  const samples = new Float32Array(pattern.reduce((a, b) => a + b, 0) * frame + 10 * frame);
  let at = 5 * frame;
  pattern.forEach((frames, i) => {
    if (i % 2 === 0)
      for (let s = 0; s < frames * frame; s++)
        samples[at + s] = 0.4 * Math.sin((2 * Math.PI * 220 * s) / rate);
    at += frames * frame;
  });
  return samples;
}

/** What the browser would send: the same sound at another rate, quieter, with a little noise. */
function asCaptured(samples: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(Math.floor((samples.length * to) / from));
  for (let i = 0; i < out.length; i++)
    out[i] = 0.6 * (samples[Math.floor((i * from) / to)] ?? 0) + (Math.random() - 0.5) * 0.001;
  return out;
}

async function transcribe(double: SpeechServerDouble, wav: Buffer, prompt?: string): Promise<string> {
  const form = new FormData();
  form.append('model', 'whisper-1');
  form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'turn.wav');
  if (prompt) form.append('prompt', prompt);
  const res = await fetch(`${double.baseUrl}/audio/transcriptions`, { method: 'POST', body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { text: string }).text;
}

describe('speech server double', () => {
  let double: SpeechServerDouble;
  const first = bursts([20, 5, 30, 8, 15, 4, 40], 22_050);
  const second = bursts([50, 10, 10, 3, 10, 3, 10, 20, 35], 22_050);

  beforeAll(async () => {
    double = await startSpeechServerDouble({
      msPerWord: 50,
      recordings: [
        { text: 'Um, I would like a raise.', wav: encodeWav(first, 22_050) },
        { text: 'So, uh, the launch went well.', wav: encodeWav(second, 22_050) },
      ],
    });
  });
  afterAll(() => double.close());

  it('answers with the known recording the audio sounds like, resampled and quieter as a browser sends it', async () => {
    const prompt = 'Um, uh, like, you know…';
    expect(await transcribe(double, encodeWav(asCaptured(second, 22_050, 16_000), 16_000), prompt)).toBe(
      'So, uh, the launch went well.',
    );
    expect(await transcribe(double, encodeWav(asCaptured(first, 22_050, 16_000), 16_000), prompt)).toBe(
      'Um, I would like a raise.',
    );
    const [a, b] = double.records.slice(-2) as TranscriptionRecord[];
    expect([a?.matched, b?.matched]).toEqual([1, 0]);
    expect(b?.audio).toMatchObject({ sampleRate: 16_000, channels: 1 });
  });

  it('drops the fillers, as Whisper does, unless the prompt shows them', async () => {
    expect(await transcribe(double, encodeWav(asCaptured(first, 22_050, 16_000), 16_000))).toBe(
      'I would like a raise.',
    );
  });

  it('answers audio it does not know, or that is not WAV, with its default line', async () => {
    const unknown = bursts([80, 40, 80], 16_000);
    expect(await transcribe(double, encodeWav(unknown, 16_000), 'Um, uh')).toBe(
      'I would like to discuss my salary.',
    );
    expect(await transcribe(double, Buffer.from('1a45dfa3000000000000000000', 'hex'), 'Um')).toBe(
      'I would like to discuss my salary.',
    );
  });

  it('speaks: a streamed WAV of one tone burst per word, in the voice asked for', async () => {
    const res = await fetch(`${double.baseUrl}/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'tts-1',
        voice: 'nova',
        input: 'One two three four.',
        response_format: 'wav',
      }),
    });
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const pcm = decodeWav(Buffer.from(await res.arrayBuffer()));
    expect(pcm?.sampleRate).toBe(24_000);
    expect(pcm?.samples.length).toBe(toneSpeech('One two three four.', 50).length);
    expect(double.records.at(-1)).toMatchObject({
      kind: 'speech',
      voice: 'nova',
      input: 'One two three four.',
    });
  });

  it('refuses what an OpenAI-compatible server refuses', async () => {
    const noVoice = await fetch(`${double.baseUrl}/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'Hello.' }),
    });
    expect(noVoice.status).toBe(400);
    const noFile = await fetch(`${double.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
  });
});
