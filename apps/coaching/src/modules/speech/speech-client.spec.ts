import { createServer } from 'node:net';
import { startSpeechServerDouble, type SpeechServerDouble } from '@parley/server-testing';
import { FILLER_PROMPT, SpeechClient, SpeechRequestError } from './speech-client';

/** 0.5 s of a 16 kHz mono WAV: enough for the double to read it. */
function wav(): Buffer {
  const samples = 8000;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(16_000, 24);
  out.writeUInt32LE(32_000, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), 44 + i * 2);
  return out;
}

async function drain(body: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const piece of body) bytes += piece.length;
  return bytes;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SpeechClient against an OpenAI-compatible speech server (the wire-level double)', () => {
  let double: SpeechServerDouble;
  const retries: string[] = [];
  const client = () =>
    new SpeechClient({
      transcribe: { baseURL: double.baseUrl, model: 'whisper-1' },
      speak: { baseURL: double.baseUrl, model: 'tts-1' },
      timeoutMs: 5000,
      retry: { maxRetries: 2, baseDelayMs: 10, maxWaitMs: 200 },
      onRetry: (message) => retries.push(message),
    });

  beforeAll(async () => {
    double = await startSpeechServerDouble({ msPerWord: 20, unknownText: 'Um, hello there.' });
  });
  afterAll(() => double.close());
  beforeEach(() => {
    retries.length = 0;
    double.records.length = 0;
    double.failNext(0);
  });

  it('asks for a verbatim transcript: the filler prompt, English, temperature 0', async () => {
    expect(await client().transcribe(wav(), 'audio/wav')).toBe('Um, hello there.');
    expect(double.records[0]).toMatchObject({ kind: 'transcription', prompt: FILLER_PROMPT, language: 'en' });
    expect(retries).toEqual([]);
  });

  it('tries a transcription again after a 503 (a server loading its model) and gets the transcript', async () => {
    double.failNext(1, 503);
    expect(await client().transcribe(wav(), 'audio/wav')).toBe('Um, hello there.');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatch(/after 503/);
    expect(double.records.filter((r) => r.kind === 'transcription')).toHaveLength(1);
  });

  it('tries speech again after two 502s and streams the WAV', async () => {
    double.failNext(2, 502);
    const { contentType, body } = await client().speak('Thanks for coming in.', 'alloy');
    expect(contentType).toBe('audio/wav');
    expect(await drain(body)).toBeGreaterThan(44);
    expect(retries).toHaveLength(2);
  });

  it('gives up after the policy’s tries, with the server’s own words', async () => {
    double.failNext(5, 503);
    const error = await client()
      .speak('Hello.', 'alloy')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechRequestError);
    expect((error as SpeechRequestError).upstreamStatus).toBe(503);
    expect((error as Error).message).toMatch(/model is loading/);
    expect(retries).toHaveLength(2);
  });

  it('does not try again what cannot succeed: a 400, or a server without the endpoint (404)', async () => {
    double.failNext(1, 400);
    await expect(client().speak('Hello.', 'alloy')).rejects.toMatchObject({ upstreamStatus: 400 });
    double.failNext(1, 404);
    const error = await client()
      .transcribe(wav(), 'audio/wav')
      .catch((e: unknown) => e);
    expect((error as SpeechRequestError).missingEndpoint).toBe(true);
    expect(retries).toEqual([]);
  });

  it('tries a refused connection again, then fails with the connection error', async () => {
    const port = await closedPort();
    const refused = new SpeechClient({
      speak: { baseURL: `http://127.0.0.1:${port}/v1`, model: 'tts-1' },
      timeoutMs: 2000,
      retry: { maxRetries: 2, baseDelayMs: 10, maxWaitMs: 200 },
      onRetry: (message) => retries.push(message),
    });
    await expect(refused.speak('Hello.', 'alloy')).rejects.toThrow(/fetch failed/);
    expect(retries).toHaveLength(2);
  });

  it('stops at once when the caller aborts (the learner interrupted the partner)', async () => {
    double.failNext(5, 503);
    const controller = new AbortController();
    // Events, not the clock: the abort comes while the client waits 60 s before its first retry, so a
    // client that only looked at the signal after its wait would outlast the test's own timeout (5 s).
    const retried: string[] = [];
    const slow = new SpeechClient({
      speak: { baseURL: double.baseUrl, model: 'tts-1' },
      timeoutMs: 5000,
      retry: { maxRetries: 2, baseDelayMs: 60_000, maxWaitMs: 120_000 },
      onRetry: (message) => {
        retried.push(message);
        setImmediate(() => controller.abort(new Error('interrupted')));
      },
    });
    await expect(slow.speak('Hello.', 'alloy', controller.signal)).rejects.toThrow(/interrupted/);
    expect(retried).toEqual([expect.stringMatching(/in 60000 ms after 503/)]);
  });
});
