import { VOICE_SILENCE_MS } from '@parley/contracts/constants';
import { useId, useState } from 'react';
import { readVoiceSilenceMs, saveVoiceSilenceMs } from '../../chat/voice/voiceSettings';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Voice mode's end of turn: how long a silence ends the learner's turn. Kept on this device (it depends
 * on the microphone and the room), so it is saved at once, without a call.
 */
export function VoiceSilenceSetting() {
  const [value, setValue] = useState(readVoiceSilenceMs);
  const hint = useId();
  return (
    <div className="pw-field voice-silence-setting">
      <label htmlFor={`${hint}-range`}>Voice mode: silence that ends your turn</label>
      <input
        id={`${hint}-range`}
        className="voice-silence-setting__range"
        type="range"
        min={VOICE_SILENCE_MS.min}
        max={VOICE_SILENCE_MS.max}
        step={VOICE_SILENCE_MS.step}
        value={value}
        aria-valuetext={seconds(value)}
        aria-describedby={hint}
        onChange={(event) => setValue(saveVoiceSilenceMs(Number(event.target.value)))}
      />
      <output htmlFor={`${hint}-range`}>{seconds(value)}</output>
      <p id={hint} className="pw-muted">
        Longer lets you pause to think mid-answer; shorter makes the partner answer sooner. Saved on this
        device.
      </p>
    </div>
  );
}
