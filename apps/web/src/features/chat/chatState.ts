import type { InlineCoaching, SpeechAnalysis, StoredFeedback } from '@parley/contracts';

/* The chat screen's client state (spec section 4 "Chat session"): a pure reducer, no I/O. */

export type Sender = 'user' | 'ai';

export interface ChatMessage {
  id: string;
  sender: Sender;
  /** Normally text; a resumed message may carry anything, shown as '[Invalid message content]'. */
  content: unknown;
  /** 'streaming': the AI reply is still arriving; 'interrupted': its stream broke off part-way. */
  status?: 'streaming' | 'interrupted';
  /** Voice input: how long the learner spoke, and how long they paused before speaking. */
  durationMs?: number;
  pauseBeforeMs?: number;
  /** Voice mode: the time actually spoken, and each silence inside the turn. */
  speakingMs?: number;
  pausesMs?: number[];
}

/** Scores, strengths, areas for improvement and suggestions, as the report shows them. */
export type FeedbackView = Pick<
  StoredFeedback,
  'clarity' | 'empathy' | 'persuasion' | 'strengths' | 'weaknesses' | 'suggestions' | 'objectives' | 'sources'
>;

export type FeedbackState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'shown'; feedback: FeedbackView }
  | { status: 'failed' };

export type TipState =
  { status: 'loading' } | { status: 'shown'; coaching: InlineCoaching } | { status: 'failed' };

export type ChatPhase = 'loading' | 'failed' | 'active' | 'completed';

export interface ChatState {
  phase: ChatPhase;
  /** Why the session could not start (phase 'failed'); `upgrade` when the plan is what stopped it. */
  startError: { message: string; upgrade: boolean } | null;
  /** The stored session the turns are saved to; null when there is none (feedback is then not stored). */
  sessionId: string | null;
  messages: ChatMessage[];
  /** True from sending until the AI reply has finished, failed or been stopped. */
  responding: boolean;
  /** What went wrong with the last reply; the learner's message stays and can be answered again. */
  streamError: string | null;
  feedback: FeedbackState;
  speech: SpeechAnalysis | null;
  /** Inline coaching tips by the id of the learner message they coach. */
  tips: Record<string, TipState>;
  /**
   * What the server said about the replies (the model is not answering, the offline partner carries on):
   * the first such word of the session, kept while it lasts, however many turns repeat it.
   */
  notice: string | null;
}

export type ChatAction =
  | { type: 'loading' }
  | { type: 'startFailed'; message: string; upgrade: boolean }
  | { type: 'started'; sessionId: string | null; messages: ChatMessage[] }
  | { type: 'sent'; message: ChatMessage; replyId: string }
  | { type: 'retried'; replyId: string }
  | { type: 'chunk'; replyId: string; content: string }
  | { type: 'replied'; replyId: string }
  | { type: 'replyFailed'; replyId: string; message: string }
  | { type: 'replyStopped'; replyId: string }
  | { type: 'errorDismissed' }
  | { type: 'ended' }
  | { type: 'feedbackLoaded'; feedback: FeedbackView }
  | { type: 'feedbackFailed' }
  | { type: 'speechLoaded'; speech: SpeechAnalysis }
  | { type: 'tipRequested'; messageId: string }
  | { type: 'tipLoaded'; messageId: string; coaching: InlineCoaching }
  | { type: 'tipFailed'; messageId: string }
  | { type: 'notice'; text: string };

export const initialChatState: ChatState = {
  phase: 'loading',
  startError: null,
  sessionId: null,
  messages: [],
  responding: false,
  streamError: null,
  feedback: { status: 'idle' },
  speech: null,
  tips: {},
  notice: null,
};

const streamingReply = (id: string): ChatMessage => ({ id, sender: 'ai', content: '', status: 'streaming' });

/** Ends the reply `replyId`: kept as interrupted when part of it arrived, dropped when nothing did. */
function settleInterrupted(messages: ChatMessage[], replyId: string): ChatMessage[] {
  return messages.flatMap((m) => {
    if (m.id !== replyId || m.status !== 'streaming') return [m];
    return typeof m.content === 'string' && m.content.length > 0
      ? [{ ...m, status: 'interrupted' as const }]
      : [];
  });
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loading':
      return initialChatState;
    case 'startFailed':
      return {
        ...initialChatState,
        phase: 'failed',
        startError: { message: action.message, upgrade: action.upgrade },
      };
    case 'started':
      return { ...initialChatState, phase: 'active', sessionId: action.sessionId, messages: action.messages };
    case 'sent':
      if (state.phase !== 'active' || state.responding) return state;
      return {
        ...state,
        messages: [...state.messages, action.message, streamingReply(action.replyId)],
        responding: true,
        streamError: null,
      };
    case 'retried': {
      if (state.phase !== 'active' || state.responding) return state;
      // The interrupted part of the last reply is replaced by the new one.
      const last = state.messages.at(-1);
      const messages = last?.status === 'interrupted' ? state.messages.slice(0, -1) : state.messages;
      return {
        ...state,
        messages: [...messages, streamingReply(action.replyId)],
        responding: true,
        streamError: null,
      };
    }
    case 'chunk':
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.id === action.replyId && m.status === 'streaming'
            ? { ...m, content: `${String(m.content)}${action.content}` }
            : m,
        ),
      };
    case 'replied':
      return {
        ...state,
        responding: false,
        messages: state.messages.flatMap((m) => {
          if (m.id !== action.replyId || m.status !== 'streaming') return [m];
          return typeof m.content === 'string' && m.content.trim()
            ? [{ id: m.id, sender: m.sender, content: m.content }]
            : [];
        }),
      };
    case 'replyFailed':
      return {
        ...state,
        responding: false,
        streamError: action.message,
        messages: settleInterrupted(state.messages, action.replyId),
      };
    case 'replyStopped':
      return { ...state, responding: false, messages: settleInterrupted(state.messages, action.replyId) };
    case 'errorDismissed':
      return { ...state, streamError: null };
    case 'ended': {
      if (state.phase !== 'active') return state;
      const streaming = state.messages.find((m) => m.status === 'streaming');
      return {
        ...state,
        phase: 'completed',
        responding: false,
        streamError: null,
        feedback: { status: 'loading' },
        messages: streaming ? settleInterrupted(state.messages, streaming.id) : state.messages,
      };
    }
    case 'feedbackLoaded':
      return { ...state, feedback: { status: 'shown', feedback: action.feedback } };
    case 'feedbackFailed':
      return { ...state, feedback: { status: 'failed' } };
    case 'speechLoaded':
      return { ...state, speech: action.speech };
    case 'tipRequested':
      return { ...state, tips: { ...state.tips, [action.messageId]: { status: 'loading' } } };
    case 'tipLoaded':
      return {
        ...state,
        tips: { ...state.tips, [action.messageId]: { status: 'shown', coaching: action.coaching } },
      };
    case 'tipFailed':
      return { ...state, tips: { ...state.tips, [action.messageId]: { status: 'failed' } } };
    case 'notice':
      return state.notice !== null || !action.text.trim() ? state : { ...state, notice: action.text.trim() };
  }
}

/** Whether `input` may be sent now (spec section 5). */
export function canSend(
  state: ChatState,
  input: string,
  blockers: { scenarioReady: boolean; voiceBusy: boolean },
): boolean {
  return (
    input.trim().length > 0 &&
    blockers.scenarioReady &&
    !blockers.voiceBusy &&
    state.phase === 'active' &&
    !state.responding
  );
}

/** The text of a message, or null when its content is not text. */
export const textOf = (message: Pick<ChatMessage, 'content'>): string | null =>
  typeof message.content === 'string' ? message.content : null;

/**
 * The conversation as the server knows it: text messages only, without a reply still arriving or one
 * that broke off (the gateway stores a reply only once it is complete).
 */
export function conversation(messages: readonly ChatMessage[]): Array<{ sender: Sender; content: string }> {
  return messages.flatMap((m) => {
    const text = textOf(m);
    return text !== null && text.trim() && m.status === undefined
      ? [{ sender: m.sender, content: text }]
      : [];
  });
}

/** Whether the last reply failed and the learner's message still awaits one (Retry is then possible). */
export function awaitingReply(state: ChatState): boolean {
  if (state.phase !== 'active' || state.responding) return false;
  const settled = state.messages.filter((m) => m.status !== 'interrupted');
  return settled.at(-1)?.sender === 'user';
}

/** The partner's last line when the conversation waits for the learner to answer it (voice mode says it). */
export function waitingPartnerLine(messages: readonly ChatMessage[]): string | undefined {
  const last = messages.at(-1);
  if (last?.sender !== 'ai' || last.status !== undefined) return undefined;
  return textOf(last) ?? undefined;
}

/** The learner's messages, with their timing, for the speech analysis. */
export function timedMessages(messages: readonly ChatMessage[]) {
  return messages.flatMap((m) => {
    const text = textOf(m);
    if (text === null || !text.trim() || m.status !== undefined) return [];
    return [
      {
        sender: m.sender,
        content: text,
        ...(m.durationMs !== undefined ? { durationMs: m.durationMs } : {}),
        ...(m.pauseBeforeMs !== undefined ? { pauseBeforeMs: m.pauseBeforeMs } : {}),
        ...(m.speakingMs !== undefined ? { speakingMs: m.speakingMs } : {}),
        ...(m.pausesMs !== undefined ? { pausesMs: m.pausesMs } : {}),
      },
    ];
  });
}

/** Messages navigation state or a stored session carries, as the transcript holds them. */
export function toChatMessages(
  list: ReadonlyArray<{ sender: unknown; content: unknown }>,
  idPrefix: string,
): ChatMessage[] {
  return list.map((m, index) => ({
    id: `${idPrefix}-${index}`,
    sender: m.sender === 'user' ? 'user' : 'ai',
    content: m.content,
  }));
}

/**
 * Whether a line of the learner's, at or after `from` (a retry's own lines start at its branch point),
 * has the partner's answer after it: what the server needs to end a session with feedback.
 */
export function hasAnsweredLine(messages: readonly ChatMessage[], from = 0): boolean {
  return messages.some(
    (m, i) =>
      i >= from &&
      m.sender === 'user' &&
      m.status === undefined &&
      messages[i + 1]?.sender === 'ai' &&
      messages[i + 1]?.status === undefined,
  );
}
