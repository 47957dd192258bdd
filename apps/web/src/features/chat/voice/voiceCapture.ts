/** Where the AudioWorklet that taps the microphone is served (apps/web/public). */
export const CAPTURE_WORKLET_URL = '/voice-capture-worklet.js';

export class VoiceUnsupportedError extends Error {}
export class MicrophoneDeniedError extends Error {}

/** Whether this browser can do voice mode: microphone access, Web Audio and AudioWorklet. */
export function voiceModeSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia &&
    typeof AudioContext !== 'undefined' &&
    typeof AudioWorkletNode !== 'undefined'
  );
}

/**
 * The microphone, open for the whole of voice mode: every ~20 ms frame of samples goes to `onFrame` with
 * when it arrived (performance.now()). Echo cancellation stays on, so the partner's voice from the
 * speakers does not read as the learner interrupting. The same AudioContext plays the partner's speech.
 */
export class VoiceCapture {
  private constructor(
    readonly context: AudioContext,
    private readonly stream: MediaStream,
    private readonly source: MediaStreamAudioSourceNode,
    private readonly node: AudioWorkletNode,
  ) {}

  static async open(onFrame: (samples: Float32Array, at: number) => void): Promise<VoiceCapture> {
    if (!voiceModeSupported()) throw new VoiceUnsupportedError('voice mode is not supported here');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
      });
    } catch (error) {
      throw new MicrophoneDeniedError(error instanceof Error ? error.message : String(error));
    }
    const context = new AudioContext({ latencyHint: 'interactive' });
    try {
      await context.audioWorklet.addModule(CAPTURE_WORKLET_URL);
      const source = context.createMediaStreamSource(stream);
      const node = new AudioWorkletNode(context, 'voice-capture', { numberOfOutputs: 0 });
      node.port.onmessage = (event: MessageEvent<Float32Array>) => onFrame(event.data, performance.now());
      source.connect(node);
      if (context.state !== 'running') await context.resume();
      return new VoiceCapture(context, stream, source, node);
    } catch (error) {
      stream.getTracks().forEach((track) => track.stop());
      await context.close().catch(() => undefined);
      throw new VoiceUnsupportedError(error instanceof Error ? error.message : String(error));
    }
  }

  get sampleRate(): number {
    return this.context.sampleRate;
  }

  close(): void {
    this.node.port.onmessage = null;
    this.source.disconnect();
    this.stream.getTracks().forEach((track) => track.stop());
    void this.context.close().catch(() => undefined);
  }
}
