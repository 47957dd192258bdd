import { useState } from 'react';
import { TRY_AGAIN_TEXT } from '../../attempts/tryAgainText';
import { avatarEmoji } from '../chatTexts';
import { textOf, type ChatMessage, type TipState } from '../chatState';
import { CoachingTip } from './CoachingTip';
import { MarkdownContent } from './MarkdownContent';

export const GET_TIP_TEXT = 'Get coaching tip';
export const HIDE_TIP_TEXT = 'Hide coaching tip';
export const SHOW_TIP_TEXT = 'Show coaching tip';

export interface MessageBubbleProps {
  message: ChatMessage;
  avatarStyle: string | null;
  tip?: TipState;
  /** Offered on the learner's messages while the scenario is known. */
  onRequestTip?: (message: ChatMessage) => void;
  readAloud?: { speaking: boolean; toggle: (id: string, text: string) => void };
  /** "Try again from here", on the learner's saved messages. */
  onTryAgain?: () => void;
}

/** One message of the transcript: markdown, the AI's avatar and read-aloud, the learner's coaching tip. */
export function MessageBubble({
  message,
  avatarStyle,
  tip,
  onRequestTip,
  readAloud,
  onTryAgain,
}: MessageBubbleProps) {
  const mine = message.sender === 'user';
  const text = textOf(message);
  // The tip button also closes the tip it opened, and opens it again without asking for a new one.
  const [tipClosed, setTipClosed] = useState(false);
  const tipReady = tip?.status === 'shown';
  const tipOpen = tipReady && !tipClosed;
  const thinking = message.status === 'streaming' && !text;
  const avatar = mine ? null : (
    <span className="chat-message__avatar" role="img" aria-label="AI partner">
      {avatarEmoji(avatarStyle)}
    </span>
  );
  if (thinking) {
    // Not yet a message: the reply's <article> appears with its first piece.
    return (
      <li className="chat-message chat-message--ai">
        {avatar}
        <div className="chat-message__bubble chat-thinking">
          <span className="chat-thinking__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="chat-thinking__label">AI is thinking...</span>
        </div>
      </li>
    );
  }
  return (
    <li className={`chat-message chat-message--${mine ? 'user' : 'ai'}`}>
      {avatar}
      <div className="chat-message__body">
        <article
          className={[
            'chat-message__bubble',
            message.status === 'interrupted' ? 'chat-message__bubble--interrupted' : '',
          ].join(' ')}
          aria-label={mine ? 'You said' : 'AI partner said'}
          aria-busy={message.status === 'streaming' || undefined}
        >
          <MarkdownContent content={message.content} />
          {message.status === 'interrupted' ? (
            <p className="chat-message__interrupted">Reply interrupted</p>
          ) : null}
        </article>
        <div className="chat-message__tools">
          {!mine && readAloud && text && message.status === undefined ? (
            <button
              type="button"
              className="chat-tool"
              aria-pressed={readAloud.speaking}
              onClick={() => readAloud.toggle(message.id, text)}
            >
              <span aria-hidden="true">{readAloud.speaking ? '⏹' : '🔊'}</span>
              {readAloud.speaking ? 'Stop reading' : 'Read aloud'}
            </button>
          ) : null}
          {mine && onRequestTip && text ? (
            <button
              type="button"
              className="chat-tool"
              onClick={() => {
                if (tipReady) {
                  setTipClosed((closed) => !closed);
                  return;
                }
                setTipClosed(false);
                onRequestTip(message);
              }}
              disabled={tip?.status === 'loading'}
              aria-expanded={tipOpen}
            >
              <span aria-hidden="true">💡</span>
              {tipReady ? (tipClosed ? SHOW_TIP_TEXT : HIDE_TIP_TEXT) : GET_TIP_TEXT}
            </button>
          ) : null}
          {mine && onTryAgain && text ? (
            <button type="button" className="chat-tool" onClick={onTryAgain}>
              <span aria-hidden="true">↺</span>
              {TRY_AGAIN_TEXT}
            </button>
          ) : null}
        </div>
        {tip?.status === 'loading' ? (
          <p className="chat-message__tip-status" role="status">
            Getting coaching tip...
          </p>
        ) : null}
        {tip?.status === 'failed' ? (
          <p className="chat-message__tip-status pw-error" role="alert">
            No coaching tip is available for this message right now.
          </p>
        ) : null}
        {tipOpen && tip?.status === 'shown' ? <CoachingTip coaching={tip.coaching} /> : null}
      </div>
    </li>
  );
}
