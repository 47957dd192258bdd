import { useCallback, useLayoutEffect, useRef } from 'react';
import { textOf, type ChatMessage, type TipState } from '../chatState';
import { MessageBubble, type MessageBubbleProps } from './MessageBubble';

/** How close to the bottom (px) still counts as "following" the conversation. */
const FOLLOW_SLACK_PX = 80;

export interface TranscriptProps {
  messages: ChatMessage[];
  avatarStyle: string | null;
  responding: boolean;
  tips: Record<string, TipState>;
  onRequestTip?: MessageBubbleProps['onRequestTip'];
  readAloud?: { speakingId: string | null; toggle: (id: string, text: string) => void };
  /** "Try again from here" on a learner message, by its index in the conversation. */
  onTryAgain?: (index: number, line: string) => void;
}

/**
 * The conversation as a log region. While a reply streams in the log is aria-busy, so assistive
 * technology announces the finished reply once instead of every piece. It follows the newest message
 * unless the reader has scrolled up.
 */
export function Transcript({
  messages,
  avatarStyle,
  responding,
  tips,
  onRequestTip,
  readAloud,
  onTryAgain,
}: TranscriptProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    followRef.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX;
  }, []);

  const last = messages.at(-1);
  const lastLength = typeof last?.content === 'string' ? last.content.length : 0;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && followRef.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastLength, tips]);

  return (
    <div
      className="chat-transcript"
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-busy={responding}
      aria-label="Conversation"
      // Focusable so the conversation can be scrolled from the keyboard.
      tabIndex={0}
    >
      <ol className="chat-transcript__list">
        {messages.map((message, index) => (
          <MessageBubble
            key={message.id}
            message={message}
            avatarStyle={avatarStyle}
            tip={tips[message.id]}
            onRequestTip={onRequestTip}
            readAloud={
              readAloud
                ? { speaking: readAloud.speakingId === message.id, toggle: readAloud.toggle }
                : undefined
            }
            onTryAgain={
              onTryAgain && message.sender === 'user' && message.status === undefined
                ? () => onTryAgain(index, textOf(message) ?? '')
                : undefined
            }
          />
        ))}
      </ol>
    </div>
  );
}
