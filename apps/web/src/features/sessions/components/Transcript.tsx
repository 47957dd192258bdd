import { INVALID_MESSAGE_CONTENT } from '@parley/contracts/constants';
import { Markdown } from '../../../lib/markdown/Markdown';
import { TRY_AGAIN_TEXT } from '../../attempts/tryAgainText';
import { avatarEmoji } from './presentation';
import '../../attempts/components/attempts.css';
import './sessions.css';

export interface TranscriptMessage {
  sender: string;
  /** Anything but a string shows '[Invalid message content]'. */
  content: unknown;
}

/**
 * Markdown as text formatting only: raw HTML in a message is dropped (react-markdown renders none without
 * rehype-raw) and unsafe link protocols are removed by its default URL transform.
 */
export function MessageContent({ content }: { content: unknown }) {
  if (typeof content !== 'string') return <p className="transcript__invalid">{INVALID_MESSAGE_CONTENT}</p>;
  return <Markdown skipHtml>{content}</Markdown>;
}

export interface TranscriptProps {
  messages: ReadonlyArray<TranscriptMessage>;
  /** The session's avatar_style: picks the emoji on AI messages. */
  avatarStyle?: string | null;
  /** Accessible name of the list. */
  label?: string;
  /** "Try again from here" on the learner's messages, by index. */
  onTryAgain?: (index: number, line: string) => void;
}

/** A read-only conversation: the learner's turns on one side, the AI partner's (with its avatar) on the other. */
export function Transcript({ messages, avatarStyle, label = 'Conversation', onTryAgain }: TranscriptProps) {
  if (messages.length === 0) return <p className="pw-muted">No messages in this session.</p>;
  const emoji = avatarEmoji(avatarStyle);
  return (
    <ol className="transcript" aria-label={label}>
      {messages.map((message, index) => {
        const ai = message.sender === 'ai';
        return (
          <li key={index} className={`transcript__message transcript__message--${ai ? 'ai' : 'user'}`}>
            {ai ? (
              <span className="transcript__avatar" role="img" aria-label="AI avatar">
                {emoji}
              </span>
            ) : null}
            <div className="transcript__bubble">
              <p className="transcript__sender">{ai ? 'AI' : 'You'}</p>
              <div className="transcript__content">
                <MessageContent content={message.content} />
              </div>
              {!ai && onTryAgain && typeof message.content === 'string' ? (
                <button
                  type="button"
                  className="pill-button transcript__try-again"
                  onClick={() => onTryAgain(index, message.content as string)}
                >
                  <span aria-hidden="true">↺ </span>
                  {TRY_AGAIN_TEXT}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
