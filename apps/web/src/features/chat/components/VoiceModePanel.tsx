import { Button } from '@parley/web-ui';
import './VoiceModePanel.css';
import type { VoiceModeState } from '../hooks/useVoiceMode';

export const VOICE_TEXTS = {
  start: 'Voice mode',
  pause: 'Pause',
  resume: 'Resume',
  leave: 'Leave voice mode',
  states: {
    off: '',
    starting: 'Starting voice mode...',
    listening: 'Listening',
    thinking: 'Thinking',
    speaking: 'Speaking',
    paused: 'Paused',
  } satisfies Record<VoiceModeState, string>,
  hints: {
    off: '',
    starting: 'Allow the microphone when your browser asks.',
    listening: 'Speak when you are ready; a pause ends your turn.',
    thinking: 'The partner is taking in what you said.',
    speaking: 'Start speaking to interrupt.',
    paused: 'Nothing is heard or said until you resume.',
  } satisfies Record<VoiceModeState, string>,
} as const;

export interface VoiceModePanelProps {
  state: VoiceModeState;
  /** What went wrong (a turn not transcribed, a reply not spoken), said as it happens. */
  problem?: string | null | undefined;
  /** What voice mode cannot do here (the partner's replies only shown). */
  notice?: string | null | undefined;
  onPause(): void;
  onResume(): void;
  onLeave(): void;
}

/**
 * Voice mode on: what it is doing (listening, thinking, speaking, paused), Pause/Resume and Leave, and
 * in words what went wrong or cannot be done.
 */
export function VoiceModePanel({ state, problem, notice, onPause, onResume, onLeave }: VoiceModePanelProps) {
  return (
    <section className={`voice-panel voice-panel--${state}`} aria-label="Voice mode">
      <div className="voice-panel__indicator" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className="voice-panel__text">
        <p className="voice-panel__state" role="status" data-voice-state={state}>
          {VOICE_TEXTS.states[state]}
        </p>
        <p className="voice-panel__hint">{VOICE_TEXTS.hints[state]}</p>
      </div>
      <div className="voice-panel__actions">
        {state === 'paused' ? (
          <Button onClick={onResume}>{VOICE_TEXTS.resume}</Button>
        ) : (
          <Button variant="secondary" onClick={onPause} disabled={state === 'starting'}>
            {VOICE_TEXTS.pause}
          </Button>
        )}
        <Button variant="secondary" onClick={onLeave}>
          {VOICE_TEXTS.leave}
        </Button>
      </div>
      {problem ? (
        <p className="voice-panel__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {notice ? <p className="voice-panel__notice">{notice}</p> : null}
    </section>
  );
}
