import { VOICE_SILENCE_MS } from '@parley/contracts/constants';

/**
 * Voice mode's end-of-turn silence: how long the learner may be quiet before their turn ends. Kept on
 * this device (it depends on the microphone and the room, like the browser's own media settings), set
 * on the Settings screen's Technical tab.
 */
export const VOICE_SILENCE_STORAGE_KEY = 'parley.voice.silence-ms';

export function clampSilence(ms: number): number {
  const stepped = Math.round(ms / VOICE_SILENCE_MS.step) * VOICE_SILENCE_MS.step;
  return Math.min(VOICE_SILENCE_MS.max, Math.max(VOICE_SILENCE_MS.min, stepped));
}

export function readVoiceSilenceMs(): number {
  try {
    const stored = Number(window.localStorage.getItem(VOICE_SILENCE_STORAGE_KEY));
    return Number.isFinite(stored) && stored > 0 ? clampSilence(stored) : VOICE_SILENCE_MS.default;
  } catch {
    return VOICE_SILENCE_MS.default;
  }
}

export function saveVoiceSilenceMs(ms: number): number {
  const value = clampSilence(ms);
  try {
    window.localStorage.setItem(VOICE_SILENCE_STORAGE_KEY, String(value));
  } catch {
    // storage refused (private mode): the default applies next time
  }
  return value;
}
