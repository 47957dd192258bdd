import { Button } from '@parley/web-ui';
import { forwardRef, type KeyboardEvent } from 'react';
import type { VoiceState } from '../hooks/useVoiceInput';
import { SPEECH_TEXTS } from '../voice/speechTexts';

/** Longest message the server stores (contracts MAX_MESSAGE_LENGTH). */
export const MAX_MESSAGE_LENGTH = 8000;

export interface ComposerProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  /** Sending is possible (spec section 5); the send button is disabled otherwise. */
  canSend: boolean;
  /** The input itself is locked (no scenario, or the session cannot take messages). */
  locked: boolean;
  responding: boolean;
  voice: VoiceState;
  onToggleVoice(): void;
  /** Voice mode's start button, while it is off (voice mode then replaces typing and dictation). */
  voiceMode?: { label: string; onStart(): void };
  /**
   * Why the server cannot hear the learner (no speech-to-text), said up front: the microphone and voice
   * mode are then off.
   */
  voiceUnavailable?: string | undefined;
}

const VOICE_LABEL: Record<VoiceState, string> = {
  idle: 'Start voice input',
  recording: 'Stop recording',
  transcribing: 'Transcribing...',
};

/** Text input, send button and microphone toggle. Enter sends, Shift+Enter starts a new line. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { value, onChange, onSend, canSend, locked, responding, voice, onToggleVoice, voiceMode, voiceUnavailable },
  ref,
) {
  const micLabel =
    voiceUnavailable && voice === 'idle' ? SPEECH_TEXTS.voiceInputUnavailable : VOICE_LABEL[voice];

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  }

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <label className="pw-sr-only" htmlFor="chat-input">
        Type your message
      </label>
      <textarea
        id="chat-input"
        ref={ref}
        className="pw-input chat-composer__input"
        placeholder="Type your message"
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        value={value}
        disabled={locked}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="chat-input-hint"
      />
      <p id="chat-input-hint" className="pw-sr-only">
        Enter sends, Shift+Enter starts a new line.
      </p>
      <div className="chat-composer__actions">
        <button
          type="button"
          className={`chat-composer__mic chat-composer__mic--${voice}`}
          aria-pressed={voice === 'recording'}
          aria-label={micLabel}
          aria-describedby={voiceUnavailable ? 'chat-voice-unavailable' : undefined}
          title={voiceUnavailable ?? micLabel}
          onClick={onToggleVoice}
          disabled={
            locked ||
            voice === 'transcribing' ||
            (voice === 'idle' && (responding || voiceUnavailable !== undefined))
          }
        >
          <span aria-hidden="true">{voice === 'recording' ? '⏺' : '🎙'}</span>
        </button>
        {voiceMode ? (
          <Button
            type="button"
            variant="secondary"
            onClick={voiceMode.onStart}
            disabled={locked || responding || voiceUnavailable !== undefined}
            aria-describedby={voiceUnavailable ? 'chat-voice-unavailable' : undefined}
          >
            {voiceMode.label}
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSend}>
          Send
        </Button>
      </div>
      {voiceUnavailable ? (
        <p id="chat-voice-unavailable" className="chat-composer__unavailable">
          {voiceUnavailable}
        </p>
      ) : null}
      <p className="chat-composer__status" role="status">
        {voice === 'recording' ? 'Recording... select Stop recording when you are done.' : ''}
        {voice === 'transcribing' ? 'Transcribing...' : ''}
        {responding && voice === 'idle' ? 'The AI partner is replying...' : ''}
      </p>
    </form>
  );
});
