import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * Real speech for the voice tests: espeak-ng (Debian's `espeak-ng`) says each line into a WAV, and the
 * lines are laid end to end with silences into the file Chromium plays as its microphone
 * (`--use-file-for-fake-audio-capture`).
 */

const run = promisify(execFile);

export interface Pcm16 {
  rate: number;
  /** 16-bit mono samples. */
  samples: Int16Array;
}

export async function assertEspeakInstalled(): Promise<void> {
  try {
    await run('espeak-ng', ['--version']);
  } catch {
    throw new Error(
      'espeak-ng was not found: install it with `apt-get update && apt-get install -y espeak-ng`.',
    );
  }
}

/** `text` spoken by espeak-ng at `wordsPerMinute`. */
export async function speak(text: string, path: string, wordsPerMinute: number): Promise<Pcm16> {
  await run('espeak-ng', ['-v', 'en-us', '-s', String(wordsPerMinute), '-w', path, text]);
  return readPcm16(await readFile(path));
}

/** The samples of a 16-bit mono PCM WAV (espeak-ng's output). */
export function readPcm16(wav: Buffer): Pcm16 {
  let offset = 12;
  let rate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (
        wav.readUInt16LE(offset + 8) !== 1 ||
        wav.readUInt16LE(offset + 10) !== 1 ||
        wav.readUInt16LE(offset + 22) !== 16
      )
        throw new Error('expected a 16-bit mono PCM WAV');
      rate = wav.readUInt32LE(offset + 12);
    } else if (id === 'data') {
      const end = Math.min(wav.length, offset + 8 + size);
      const data = wav.subarray(offset + 8, end);
      const samples = new Int16Array(Math.floor(data.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { rate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('not a WAV file');
}

export function silence(rate: number, seconds: number): Pcm16 {
  return { rate, samples: new Int16Array(Math.round(rate * seconds)) };
}

/** The pieces one after another (all at the same rate). */
export function join(...pieces: Pcm16[]): Pcm16 {
  const rate = pieces[0]!.rate;
  if (pieces.some((p) => p.rate !== rate)) throw new Error('the pieces have different sample rates');
  const samples = new Int16Array(pieces.reduce((n, p) => n + p.samples.length, 0));
  let at = 0;
  for (const piece of pieces) {
    samples.set(piece.samples, at);
    at += piece.samples.length;
  }
  return { rate, samples };
}

export const secondsOf = (pcm: Pcm16) => pcm.samples.length / pcm.rate;

export function toWav(pcm: Pcm16): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.samples.length * 2, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(pcm.rate, 24);
  header.writeUInt32LE(pcm.rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.samples.length * 2, 40);
  return Buffer.concat([
    header,
    Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength),
  ]);
}

export async function writeWav(path: string, pcm: Pcm16): Promise<Buffer> {
  const wav = toWav(pcm);
  await writeFile(path, wav);
  return wav;
}
