/* WAV in the browser: the learner's turn is sent as 16 kHz 16-bit mono, and the partner's speech is read
 * as it streams in (its header first, then samples), so playback starts with the first piece. */

export const UPLOAD_RATE = 16_000;

/** Linear resampling of `input` (at `from` Hz) to `to` Hz: enough for speech recognition. */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input;
  const length = Math.floor((input.length * to) / from);
  const output = new Float32Array(length);
  const step = from / to;
  for (let i = 0; i < length; i++) {
    const at = i * step;
    const left = Math.floor(at);
    const right = Math.min(input.length - 1, left + 1);
    const t = at - left;
    output[i] = (input[left] ?? 0) * (1 - t) + (input[right] ?? 0) * t;
  }
  return output;
}

/** A 16-bit mono WAV file of `samples` at `rate`. */
export function encodeWav(samples: Float32Array, rate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((s, i) =>
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, s)) * 32767), true),
  );
  return bytes;
}

/**
 * Reads a WAV that arrives in pieces: `push` returns the samples (first channel, -1..1) each piece
 * completes, once the header is through. 16-bit PCM and 32-bit float.
 */
export class WavStreamReader {
  private head = new Uint8Array(0);
  private format: { rate: number; channels: number; bits: number; float: boolean } | null = null;
  private inData = false;
  private carry = new Uint8Array(0);

  get sampleRate(): number | null {
    return this.format?.rate ?? null;
  }

  push(piece: Uint8Array): Float32Array {
    if (!this.inData) {
      this.head = concat(this.head, piece);
      const body = this.readHeader();
      if (body === null) return new Float32Array(0);
      this.inData = true;
      piece = this.head.subarray(body);
      this.head = new Uint8Array(0);
    }
    const format = this.format!;
    const frameBytes = (format.bits / 8) * format.channels;
    const bytes = concat(this.carry, piece);
    const frames = Math.floor(bytes.length / frameBytes);
    this.carry = bytes.slice(frames * frameBytes);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const out = new Float32Array(frames);
    for (let i = 0; i < frames; i++) {
      const at = i * frameBytes;
      out[i] = format.float ? view.getFloat32(at, true) : view.getInt16(at, true) / 32768;
    }
    return out;
  }

  /** Where the samples start, once the header is complete; null until then. Throws on a file that is not WAV. */
  private readHeader(): number | null {
    const h = this.head;
    if (h.length < 12) return null;
    const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
    const tag = (at: number) => String.fromCharCode(h[at]!, h[at + 1]!, h[at + 2]!, h[at + 3]!);
    if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('the speech is not a WAV file');
    let offset = 12;
    while (offset + 8 <= h.length) {
      const id = tag(offset);
      const size = view.getUint32(offset + 4, true);
      if (id === 'data') {
        if (!this.format) throw new Error('the WAV has no format');
        return offset + 8;
      }
      if (offset + 8 + size > h.length) return null;
      if (id === 'fmt ') {
        let code = view.getUint16(offset + 8, true);
        if (code === 0xfffe && size >= 26) code = view.getUint16(offset + 32, true);
        const bits = view.getUint16(offset + 22, true);
        if (!((code === 1 && bits === 16) || (code === 3 && bits === 32)))
          throw new Error('the WAV is neither 16-bit PCM nor 32-bit float');
        this.format = {
          channels: view.getUint16(offset + 10, true),
          rate: view.getUint32(offset + 12, true),
          bits,
          float: code === 3,
        };
      }
      offset += 8 + size + (size % 2);
    }
    return null;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
