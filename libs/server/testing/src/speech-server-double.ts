import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A wire-level double of an OpenAI-compatible speech server (OpenAI's audio API, speaches, Kokoro-FastAPI)
 * for voice mode: a real HTTP server on 127.0.0.1 that answers
 *
 *   POST /v1/audio/transcriptions  multipart (file, model, prompt…): it decodes the WAV it is sent and
 *                                  answers with the transcript of the KNOWN RECORDING it sounds like (a
 *                                  table of recordings and their verbatim transcripts, matched by the
 *                                  loudness envelope of the speech), so a test proves real audio went
 *                                  through; like Whisper, it drops "um" and "uh" unless the prompt shows them
 *   POST /v1/audio/speech          JSON {model, input, voice, response_format}: a WAV (24 kHz, 16-bit mono)
 *                                  with one tone burst per word, streamed in 100 ms pieces
 *   GET  /v1/models
 *   POST /_double/recordings       {text, wavBase64}: adds a known recording to the table
 *   POST /_double/faults           {count, status}: the next `count` audio requests are answered `status`
 *                                  (a server restarting or loading its model), then it answers again
 *   GET  /_double/requests         what it was asked, for tests in another process
 *
 * Self-contained (node: modules only); `nx run web-e2e:integration` starts one for the whole system.
 */

export interface KnownRecording {
  /** The verbatim transcript, disfluencies and all. */
  text: string;
  /** The recording as a WAV file (PCM 16-bit or float 32-bit, any rate, any channels). */
  wav: Buffer;
}

export interface TranscriptionRecord {
  kind: 'transcription';
  model: string;
  prompt: string;
  language: string;
  fileName: string;
  mimeType: string;
  /** Bytes of the audio file received. */
  bytes: number;
  /** The audio as decoded (null when it was not a WAV). */
  audio: { sampleRate: number; channels: number; seconds: number; speechSeconds: number } | null;
  /** Index of the known recording it matched, with the match's score; null when none matched. */
  matched: number | null;
  score: number | null;
  /** How alike it was to each known recording (the best one matches if it reaches the threshold). */
  likeness: number[];
  text: string;
}

export interface SpeechRecord {
  kind: 'speech';
  model: string;
  voice: string;
  input: string;
  format: string;
  bytes: number;
}

export type SpeechDoubleRecord = TranscriptionRecord | SpeechRecord;

export interface SpeechServerDouble {
  /** The OpenAI-style base URL, ending in /v1. */
  baseUrl: string;
  /** Where /_double/* lives. */
  origin: string;
  records: SpeechDoubleRecord[];
  addRecording(recording: KnownRecording): number;
  /** The next `count` audio requests (transcription or speech) are answered `status` (default 503). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export interface SpeechDoubleOptions {
  port?: number;
  host?: string;
  recordings?: KnownRecording[];
  /** Length of each word's tone in the speech it makes (default 120 ms). */
  msPerWord?: number;
  /** Pause between two 100 ms pieces of speech sent (default 0: as fast as the socket takes them). */
  chunkDelayMs?: number;
  /** The answer when audio matches no known recording (default: the model double's own line). */
  unknownText?: string;
  /** Writes every audio file it is sent into this folder (transcription-N.<ext>), to listen to. */
  dumpDir?: string;
}

/* ------------------------------------------------------------------------------------------------- */
/* WAV */

export interface Pcm {
  sampleRate: number;
  channels: number;
  /** The first channel, -1..1. */
  samples: Float32Array;
}

/** Reads a RIFF/WAVE file of 16-bit PCM or 32-bit float; null when it is not one. */
export function decodeWav(buffer: Buffer): Pcm | null {
  if (
    buffer.length < 44 ||
    buffer.toString('latin1', 0, 4) !== 'RIFF' ||
    buffer.toString('latin1', 8, 12) !== 'WAVE'
  )
    return null;
  let offset = 12;
  let format = 0;
  let channels = 1;
  let sampleRate = 0;
  let bits = 16;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('latin1', offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = buffer.readUInt16LE(body);
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
      bits = buffer.readUInt16LE(body + 14);
      if (format === 0xfffe && size >= 26) format = buffer.readUInt16LE(body + 24); // WAVE_FORMAT_EXTENSIBLE
    } else if (id === 'data') {
      // A streamed WAV may say 0 or 0xFFFFFFFF: the data runs to the end.
      if (size === 0 || body + size > buffer.length) size = buffer.length - body;
      const bytesPerSample = bits / 8;
      const frames = Math.floor(size / (bytesPerSample * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        const at = body + i * bytesPerSample * channels;
        if (format === 1 && bits === 16) samples[i] = buffer.readInt16LE(at) / 32768;
        else if (format === 3 && bits === 32) samples[i] = buffer.readFloatLE(at);
        else return null;
      }
      return sampleRate > 0 ? { sampleRate, channels, samples } : null;
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** A 16-bit mono WAV of `samples`. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  return Buffer.concat([wavHeader(sampleRate, data.length), data]);
}

function wavHeader(sampleRate: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/* ------------------------------------------------------------------------------------------------- */
/* Which known recording does this audio sound like? */

const FRAME_MS = 20;
const ENVELOPE_POINTS = 64;

interface Fingerprint {
  /** From the first to the last frame with speech, in seconds. */
  span: number;
  /** Frames with speech, in seconds. */
  speech: number;
  /** Loudness (dB) over the span, resampled to ENVELOPE_POINTS and normalised. */
  envelope: number[];
}

/** Loudness per 20 ms frame, the speech in it (frames within 35 dB of the loudest), and its envelope. */
export function fingerprint(pcm: Pcm): Fingerprint | null {
  const size = Math.max(1, Math.round((pcm.sampleRate * FRAME_MS) / 1000));
  const db: number[] = [];
  for (let start = 0; start + size <= pcm.samples.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += pcm.samples[i]! ** 2;
    db.push(10 * Math.log10(sum / size + 1e-10));
  }
  const peak = Math.max(...db);
  const floor = Math.max(peak - 35, -60);
  const voiced = db.map((d) => d > floor);
  const first = voiced.indexOf(true);
  const last = voiced.lastIndexOf(true);
  if (first < 0 || peak < -55) return null;
  const span = db.slice(first, last + 1).map((d) => Math.max(d, floor));
  const envelope = Array.from({ length: ENVELOPE_POINTS }, (_, i) => {
    const from = Math.floor((i * span.length) / ENVELOPE_POINTS);
    const to = Math.max(from + 1, Math.floor(((i + 1) * span.length) / ENVELOPE_POINTS));
    const part = span.slice(from, to);
    return part.reduce((a, b) => a + b, 0) / part.length;
  });
  const mean = envelope.reduce((a, b) => a + b, 0) / envelope.length;
  const sd = Math.sqrt(envelope.reduce((a, b) => a + (b - mean) ** 2, 0) / envelope.length) || 1;
  return {
    span: (span.length * FRAME_MS) / 1000,
    speech: (voiced.filter(Boolean).length * FRAME_MS) / 1000,
    envelope: envelope.map((v) => (v - mean) / sd),
  };
}

/** How alike two recordings sound: envelope correlation less a penalty for a different length. */
export function likeness(a: Fingerprint, b: Fingerprint): number {
  const correlation = a.envelope.reduce((sum, v, i) => sum + v * b.envelope[i]!, 0) / ENVELOPE_POINTS;
  return correlation - 2 * Math.abs(Math.log(a.span / b.span));
}

/** Below this likeness the audio is none of the known recordings. */
const MATCH_THRESHOLD = 0.3;

/** What Whisper-family models leave out unless the prompt shows disfluencies. */
const DROPPED_FILLERS = /\b(?:u+m+|u+h+|e+r+m*|h+m+)\b[,.]?\s*/gi;

/* ------------------------------------------------------------------------------------------------- */
/* Multipart */

interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer;
}

function multipartParts(body: Buffer, contentType: string): Part[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const token = boundary?.[1] ?? boundary?.[2];
  if (!token) return null;
  const delimiter = Buffer.from(`--${token}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.toString('latin1', start, start + 2) === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const chunk = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = chunk.toString('utf8', 0, headerEnd);
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      if (name !== undefined)
        parts.push({
          name,
          fileName: /filename="([^"]*)"/i.exec(headers)?.[1],
          contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim(),
          data: chunk.subarray(headerEnd + 4),
        });
    }
    at = next;
  }
  return parts;
}

/* ------------------------------------------------------------------------------------------------- */
/* Speech it makes */

const SPEECH_RATE = 24_000;

/** One 180 Hz tone burst per word of `input`, 40 ms apart: speech-shaped audio of a plausible length. */
export function toneSpeech(input: string, msPerWord: number): Float32Array {
  const words = Math.max(1, input.split(/\s+/).filter(Boolean).length);
  const word = Math.round((SPEECH_RATE * msPerWord) / 1000);
  const gap = Math.round(SPEECH_RATE * 0.04);
  const samples = new Float32Array(words * (word + gap));
  for (let w = 0; w < words; w++) {
    const start = w * (word + gap);
    for (let i = 0; i < word; i++) {
      const fade = Math.min(1, i / 240, (word - i) / 240);
      samples[start + i] = 0.3 * fade * Math.sin((2 * Math.PI * 180 * i) / SPEECH_RATE);
    }
  }
  return samples;
}

/* ------------------------------------------------------------------------------------------------- */
/* The server */

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const invalid = (res: ServerResponse, message: string) =>
  sendJson(res, 400, { error: { message, type: 'invalid_request_error', param: null, code: null } });

export async function startSpeechServerDouble(
  options: SpeechDoubleOptions = {},
): Promise<SpeechServerDouble> {
  const known: Array<{ text: string; print: Fingerprint | null }> = [];
  const records: SpeechDoubleRecord[] = [];
  const msPerWord = options.msPerWord ?? 120;
  const unknownText = options.unknownText ?? 'I would like to discuss my salary.';

  const addRecording = (recording: KnownRecording): number => {
    const pcm = decodeWav(recording.wav);
    if (!pcm) throw new Error('a known recording must be a WAV file');
    known.push({ text: recording.text, print: fingerprint(pcm) });
    return known.length - 1;
  };
  for (const recording of options.recordings ?? []) addRecording(recording);

  function transcribe(body: Buffer, contentType: string, res: ServerResponse): void {
    const parts = contentType.includes('multipart/form-data') ? multipartParts(body, contentType) : null;
    const field = (name: string) => parts?.find((p) => p.name === name);
    const file = field('file');
    const model = field('model')?.data.toString('utf8');
    if (!file || !model) return invalid(res, 'file and model are required');
    if (file.data.length === 0) return invalid(res, 'The audio file is empty.');
    const prompt = field('prompt')?.data.toString('utf8') ?? '';
    const pcm = decodeWav(file.data);
    const print = pcm ? fingerprint(pcm) : null;
    let matched: number | null = null;
    let score: number | null = null;
    const scores = known.map((k) =>
      print && k.print ? Math.round(likeness(print, k.print) * 1000) / 1000 : -9,
    );
    scores.forEach((s, i) => {
      if (s >= MATCH_THRESHOLD && (score === null || s > score)) {
        score = s;
        matched = i;
      }
    });
    if (options.dumpDir) {
      mkdirSync(options.dumpDir, { recursive: true });
      const extension = /\.(\w+)$/.exec(file.fileName ?? '')?.[1] ?? 'bin';
      writeFileSync(join(options.dumpDir, `transcription-${records.length + 1}.${extension}`), file.data);
    }
    let text = matched === null ? unknownText : known[matched]!.text;
    if (!/\b(um|uh)\b/i.test(prompt)) text = text.replace(DROPPED_FILLERS, '').replace(/\s+/g, ' ').trim();
    records.push({
      kind: 'transcription',
      model,
      prompt,
      language: field('language')?.data.toString('utf8') ?? '',
      fileName: file.fileName ?? '',
      mimeType: file.contentType ?? '',
      bytes: file.data.length,
      audio: pcm
        ? {
            sampleRate: pcm.sampleRate,
            channels: pcm.channels,
            seconds: Math.round((pcm.samples.length / pcm.sampleRate) * 100) / 100,
            speechSeconds: print?.speech ?? 0,
          }
        : null,
      matched,
      score,
      likeness: scores,
      text,
    });
    sendJson(res, 200, { text });
  }

  async function speak(body: Buffer, res: ServerResponse): Promise<void> {
    let request: { model?: unknown; input?: unknown; voice?: unknown; response_format?: unknown };
    try {
      request = JSON.parse(body.toString('utf8')) as typeof request;
    } catch {
      return invalid(res, 'invalid JSON body');
    }
    const { model, input, voice } = request;
    const format = typeof request.response_format === 'string' ? request.response_format : 'mp3';
    if (typeof model !== 'string' || typeof input !== 'string' || !input.trim() || typeof voice !== 'string')
      return invalid(res, 'model, input and voice are required');
    if (format !== 'wav' && format !== 'pcm')
      return invalid(res, `this double makes wav or pcm, not ${format}`);
    const samples = toneSpeech(input, msPerWord);
    const pcm = encodeWav(samples, SPEECH_RATE).subarray(format === 'wav' ? 0 : 44);
    records.push({ kind: 'speech', model, voice, input, format, bytes: pcm.length });
    res.writeHead(200, { 'content-type': format === 'wav' ? 'audio/wav' : 'audio/pcm' });
    const piece = SPEECH_RATE * 2 * 0.1;
    for (let at = 0; at < pcm.length; at += piece) {
      if (res.destroyed) return;
      res.write(pcm.subarray(at, at + piece));
      if (options.chunkDelayMs) await new Promise((r) => setTimeout(r, options.chunkDelayMs));
    }
    res.end();
  }

  const faults = { left: 0, status: 503 };
  const failNext = (count: number, status = 503) => {
    faults.left = count;
    faults.status = status;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      const contentType = String(req.headers['content-type'] ?? '');
      if (faults.left > 0 && req.method === 'POST' && path.startsWith('/v1/audio/')) {
        faults.left -= 1;
        return sendJson(res, faults.status, {
          error: { message: 'the model is loading, try again shortly', type: 'server_error' },
        });
      }
      if (req.method === 'GET' && path === '/v1/models')
        return sendJson(res, 200, {
          object: 'list',
          data: [{ id: 'double-whisper', object: 'model', created: 0, owned_by: 'double' }],
        });
      if (req.method === 'POST' && path === '/v1/audio/transcriptions')
        return transcribe(body, contentType, res);
      if (req.method === 'POST' && path === '/v1/audio/speech') return speak(body, res);
      if (req.method === 'POST' && path === '/_double/recordings') {
        const { text, wavBase64 } = JSON.parse(body.toString('utf8') || '{}') as {
          text?: string;
          wavBase64?: string;
        };
        if (typeof text !== 'string' || typeof wavBase64 !== 'string')
          return invalid(res, 'text and wavBase64 are required');
        return sendJson(res, 201, { index: addRecording({ text, wav: Buffer.from(wavBase64, 'base64') }) });
      }
      if (req.method === 'GET' && path === '/_double/requests') return sendJson(res, 200, records);
      if (req.method === 'POST' && path === '/_double/faults') {
        const { count, status } = JSON.parse(body.toString('utf8') || '{}') as {
          count?: number;
          status?: number;
        };
        if (!Number.isInteger(count) || (status !== undefined && !Number.isInteger(status)))
          return invalid(res, 'count (and status) must be whole numbers');
        failNext(count!, status);
        return sendJson(res, 200, { count, status: faults.status });
      }
      sendJson(res, 404, {
        error: { message: `Invalid URL (${req.method} ${path})`, type: 'invalid_request_error' },
      });
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: (error as Error).message } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    records,
    addRecording,
    failNext,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
