import { Button } from '@parley/web-ui';
import { forwardRef, type KeyboardEvent } from 'react';
import type { VoiceState } from '../hooks/useVoiceInput';

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
}

const VOICE_LABEL: Record<VoiceState, string> = {
  idle: 'Start voice input',
  recording: 'Stop recording',
  transcribing: 'Transcribing...',
};

/** Text input, send button and microphone toggle. Enter sends, Shift+Enter starts a new line. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { value, onChange, onSend, canSend, locked, responding, voice, onToggleVoice, voiceMode },
  ref,
) {
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
          aria-label={VOICE_LABEL[voice]}
          title={VOICE_LABEL[voice]}
          onClick={onToggleVoice}
          disabled={locked || voice === 'transcribing' || (responding && voice === 'idle')}
        >
          <span aria-hidden="true">{voice === 'recording' ? '⏺' : '🎙'}</span>
        </button>
        {voiceMode ? (
          <Button
            type="button"
            variant="secondary"
            onClick={voiceMode.onStart}
            disabled={locked || responding}
          >
            {voiceMode.label}
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSend}>
          Send
        </Button>
      </div>
      <p className="chat-composer__status" role="status">
        {voice === 'recording' ? 'Recording... select Stop recording when you are done.' : ''}
        {voice === 'transcribing' ? 'Transcribing...' : ''}
        {responding && voice === 'idle' ? 'The AI partner is replying...' : ''}
      </p>
    </form>
  );
});
