import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { textOf, type ChatMessage, type TipState } from '../chatState';
import { MessageBubble, type MessageBubbleProps } from './MessageBubble';

/** How close to the bottom (px) still counts as "following" the conversation. */
const FOLLOW_SLACK_PX = 80;

/** The element is a scroll box of its own with more than it shows. */
function scrollsItself(el: HTMLElement): boolean {
  return el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY);
}

/** How far (px) the page is from its end. */
function pageDistanceToEnd(): number {
  const doc = document.documentElement;
  return doc.scrollHeight - window.scrollY - window.innerHeight;
}

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
  const lastTopRef = useRef(0);

  // The conversation scrolls with the page (one scroll, the composer stuck below it); where a layout
  // gives the log a box of its own that scrolls, that box. Only the reader scrolling up stops the follow:
  // the page growing under a scroll that is still on its way down (a reply rendering while the last
  // follow lands) leaves it far from the end for a moment without the reader having moved.
  const follow = useCallback((top: number, distanceToEnd: number) => {
    if (distanceToEnd <= FOLLOW_SLACK_PX) followRef.current = true;
    else if (top < lastTopRef.current - 1) followRef.current = false;
    lastTopRef.current = top;
  }, []);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !scrollsItself(el)) return;
    follow(el.scrollTop, el.scrollHeight - el.scrollTop - el.clientHeight);
  }, [follow]);

  useEffect(() => {
    const onPageScroll = () => {
      const el = scrollRef.current;
      if (!el || scrollsItself(el)) return;
      follow(window.scrollY, pageDistanceToEnd());
    };
    window.addEventListener('scroll', onPageScroll, { passive: true });
    return () => window.removeEventListener('scroll', onPageScroll);
  }, [follow]);

  const last = messages.at(-1);
  const lastLength = typeof last?.content === 'string' ? last.content.length : 0;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !followRef.current) return;
    if (scrollsItself(el)) el.scrollTop = el.scrollHeight;
    else if (pageDistanceToEnd() > 0) window.scrollTo?.({ top: document.documentElement.scrollHeight });
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
      // Focusable, so a keyboard user can reach the conversation and scroll the page through it.
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
