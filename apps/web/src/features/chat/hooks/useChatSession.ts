import { skipToken } from '@reduxjs/toolkit/query';
import type {
  AvatarStyle,
  ExportPdfInput,
  InlineCoaching,
  Scenario,
  SessionFeedback,
  StoredFeedback,
  TonePreference,
} from '@parley/contracts';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { apiErrorMessage, type ApiError } from '../../../api/baseApi';
import { practiceApi, useGetScenarioQuery } from '../../../api/practiceApi';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { useGetProfileQuery } from '../../profile/profileApi';
import { createAuthorizedFetch } from '../authorizedFetch';
import { chatApi } from '../chatApi';
import type { ChatResumeState } from '../chatNavigation';
import {
  canSend,
  chatReducer,
  conversation,
  initialChatState,
  textOf,
  timedMessages,
  toChatMessages,
  type ChatAction,
  type ChatMessage,
  type FeedbackView,
} from '../chatState';
import { ChatStreamError, isAbortError, STREAM_TEXTS, streamChatCompletion } from '../chatStream';
import { CHAT_TEXTS, DEFAULT_TONE, fallbackOpening } from '../chatTexts';

/** The chat API takes at most this many messages of context (contracts MAX_CHAT_MESSAGES). */
const MAX_CONTEXT_MESSAGES = 200;
const MAX_TIMING_MS = 3_600_000;

const TONES = [
  'friendly',
  'neutral',
  'tough',
  'encouraging',
  'direct',
] as const satisfies readonly TonePreference[];
const AVATARS = [
  'neutral',
  'friendly',
  'direct',
  'brain',
  'robot',
  'coach',
] as const satisfies readonly AvatarStyle[];
const isTone = (value: unknown): value is TonePreference => TONES.includes(value as TonePreference);
const isAvatar = (value: unknown): value is AvatarStyle => AVATARS.includes(value as AvatarStyle);

const isScore = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 10;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];

/** The report's view of what post-session feedback answered; null when it is not feedback. */
export function toFeedbackView(
  value: SessionFeedback | StoredFeedback | null | undefined,
): FeedbackView | null {
  if (!value || !isScore(value.clarity) || !isScore(value.empathy) || !isScore(value.persuasion)) return null;
  return {
    clarity: value.clarity,
    empathy: value.empathy,
    persuasion: value.persuasion,
    strengths: strings(value.strengths),
    weaknesses: strings(value.weaknesses),
    suggestions: strings(value.suggestions),
    // The scenario's objectives (a learner's own scenario: theirs), each checked, when the server sent them.
    ...(Array.isArray(value.objectives) ? { objectives: value.objectives } : {}),
    // Which fields the offline coach filled for the model, when the server recorded it.
    ...(value.sources ? { sources: value.sources } : {}),
  };
}

const isCoaching = (value: unknown): value is InlineCoaching => {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return ['communicationAnalysis', 'strategicImpact', 'improvementOpportunity', 'enhancedVersion'].every(
    (key) => typeof c[key] === 'string',
  );
};

/** A scenario the chat can play: title and description are required (spec section 5). */
const playable = (scenario: Scenario | undefined): scenario is Scenario =>
  !!scenario && scenario.title.trim() !== '' && scenario.description.trim() !== '';

/** A new message id (ids only need to be unique within one chat screen). */
const nextId = (counter: { current: number }) => `m${++counter.current}`;

export interface SendTiming {
  /** Voice input: when the learner started speaking and for how long. */
  startedAt: number;
  durationMs: number;
  /** Voice mode: the time actually spoken and the silences inside the turn (voice-activity detection). */
  speakingMs?: number;
  pausesMs?: number[];
  /** Voice mode: the silence between the partner's voice ending and the learner starting (else measured from the reply's text). */
  pauseBeforeMs?: number;
}

/** Told about each reply as it streams in (voice mode speaks it). */
export interface ReplyListener {
  chunk(content: string): void;
  end(ok: boolean): void;
}

/**
 * The chat session (spec sections 2, 4, 5, 7, 8): starts or resumes the conversation, streams replies,
 * ends the session with feedback and speech analysis, and replays it.
 */
export function useChatSession(scenarioId: string, resume: ChatResumeState | null) {
  const store = useAppStore();
  const appDispatch = useAppDispatch();
  const fetcher = useMemo(() => createAuthorizedFetch(store), [store]);
  const userId = useAppSelector((s) => s.auth.session?.user.id ?? null);

  const scenarioQuery = useGetScenarioQuery(scenarioId);
  const profileQuery = useGetProfileQuery(userId ?? skipToken);
  const scenario = scenarioQuery.data;
  const scenarioSettled = scenarioQuery.isSuccess || scenarioQuery.isError;
  const profileSettled = !userId || profileQuery.isSuccess || profileQuery.isError;
  const scenarioReady = playable(scenario);

  const resumed = resume?.messages?.length ? resume : null;
  const profile = profileQuery.data;
  const tone = (resumed?.tone || profile?.tone_preference || DEFAULT_TONE).slice(0, 20);
  const avatar = resumed?.avatar ?? profile?.avatar_style ?? null;

  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  // Each start of the conversation has its own number: Start Over, or Try Again after a failed start.
  const [attempt, setAttempt] = useState(0);
  /** Whether the next start asks the server for a new conversation (Start Over) rather than resuming. */
  const startOverRef = useRef(false);

  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const idRef = useRef(0);
  const abortRef = useRef<AbortController | null>(null);
  const respondingRef = useRef(false);
  const lastReplyAtRef = useRef<number | null>(null);
  const replyListenerRef = useRef<ReplyListener | null>(null);

  // Leaving the page stops a reply that is still arriving.
  useEffect(() => () => abortRef.current?.abort(), []);

  /*
   * Start: resume from navigation state, else ask the server for the scenario's session: its active one
   * (a reload, going back, opening the chat again: the same conversation, nothing spent) or a new one that
   * opens with the partner's line, which the server writes. Start Over asks for a new one.
   */
  const startRef = useRef<{ key: string; promise: Promise<ChatAction>; applied: boolean } | null>(null);
  useEffect(() => {
    if (!scenarioSettled || !profileSettled) return;
    const key = `${scenarioId}#${attempt}`;
    if (startRef.current?.key !== key) {
      // StrictMode runs this effect twice: the second run joins the first start instead of making a
      // second session, and a later re-run (a refetched profile) does not start again.
      const begin = async (): Promise<ChatAction> => {
        if (resumed && attempt === 0) {
          return {
            type: 'started',
            sessionId: resumed.sessionId ?? null,
            messages: toChatMessages(resumed.messages ?? [], 'resumed'),
          };
        }
        if (!playable(scenario)) {
          return {
            type: 'started',
            sessionId: null,
            messages: [{ id: `opening-${attempt}`, sender: 'ai', content: CHAT_TEXTS.missingScenario }],
          };
        }
        const startOver = startOverRef.current;
        startOverRef.current = false;
        try {
          const session = await appDispatch(
            practiceApi.endpoints.startSession.initiate({
              scenario_id: scenario.id,
              tone_preference: isTone(tone)
                ? tone
                : isTone(profile?.tone_preference)
                  ? profile.tone_preference
                  : 'neutral',
              avatar_style: isAvatar(avatar) ? avatar : null,
              ...(startOver ? { start_over: true } : {}),
            }),
          ).unwrap();
          const messages = session.messages.length
            ? session.messages
            : [{ sender: 'ai' as const, content: fallbackOpening(scenario.title) }];
          return {
            type: 'started',
            sessionId: session.id,
            messages: toChatMessages(messages, `s${attempt}`),
          };
        } catch (error) {
          const { status, message } = error as ApiError;
          // 403: the free plan's monthly limit, or a premium scenario. Either way Premium is the way on.
          return { type: 'startFailed', message: message || String(error), upgrade: status === 403 };
        }
      };
      startRef.current = { key, promise: begin(), applied: false };
    }
    const start = startRef.current;
    let live = true;
    void start.promise.then((action) => {
      if (!live || start.applied || startRef.current !== start) return;
      start.applied = true;
      dispatch(action);
    });
    return () => {
      live = false;
    };
  }, [
    appDispatch,
    attempt,
    avatar,
    profile?.tone_preference,
    profileSettled,
    resumed,
    scenario,
    scenarioId,
    scenarioSettled,
    tone,
  ]);

  /* Replies */
  const streamReply = useCallback(
    async (history: Array<{ sender: 'user' | 'ai'; content: string }>, replyId: string) => {
      const sessionId = stateRef.current.sessionId;
      if (!scenario) return;
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      respondingRef.current = true;
      // With session_id the server answers its stored transcript, storing the learner's line and the whole
      // reply itself; the learner's unanswered line sent again (a retry) is not stored twice.
      try {
        const reply = await streamChatCompletion({
          fetch: fetcher,
          signal: controller.signal,
          body: {
            messages: history.slice(-MAX_CONTEXT_MESSAGES),
            scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
            tone,
            ...(sessionId ? { session_id: sessionId } : {}),
          },
          onNotice: (text) => dispatch({ type: 'notice', text }),
          onContent: (content) => {
            replyListenerRef.current?.chunk(content);
            dispatch({ type: 'chunk', replyId, content });
          },
        });
        if (!reply.trim()) throw new ChatStreamError(STREAM_TEXTS.empty, true);
        replyListenerRef.current?.end(true);
        dispatch({ type: 'replied', replyId });
        lastReplyAtRef.current = Date.now();
        // The learner's first line spent the session (the server counts it then): the month's count moved.
        if (sessionId && history.filter((m) => m.sender === 'user').length === 1)
          appDispatch(practiceApi.util.invalidateTags(['Profile']));
      } catch (error) {
        replyListenerRef.current?.end(false);
        if (controller.signal.aborted || isAbortError(error)) {
          dispatch({ type: 'replyStopped', replyId });
        } else {
          dispatch({
            type: 'replyFailed',
            replyId,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      } finally {
        if (abortRef.current === controller) {
          abortRef.current = null;
          respondingRef.current = false;
        }
      }
    },
    [appDispatch, fetcher, scenario, tone],
  );

  /** Sends the learner's message; false when the send rules (spec section 5) refuse it. */
  const send = useCallback(
    (input: string, timing?: SendTiming): boolean => {
      const current = stateRef.current;
      const text = input.trim();
      if (respondingRef.current || !canSend(current, text, { scenarioReady, voiceBusy: false })) return false;
      const message: ChatMessage = { id: nextId(idRef), sender: 'user', content: text };
      if (timing) {
        const bounded = (ms: number) => Math.min(MAX_TIMING_MS, Math.max(0, Math.round(ms)));
        message.durationMs = bounded(timing.durationMs);
        if (timing.speakingMs !== undefined) message.speakingMs = bounded(timing.speakingMs);
        if (timing.pausesMs !== undefined) message.pausesMs = timing.pausesMs.slice(0, 200).map(bounded);
        if (timing.pauseBeforeMs !== undefined) message.pauseBeforeMs = bounded(timing.pauseBeforeMs);
        else if (lastReplyAtRef.current !== null)
          message.pauseBeforeMs = bounded(timing.startedAt - lastReplyAtRef.current);
      }
      const replyId = nextId(idRef);
      // The turn's timing goes with it: the server keeps it with the session for the speech analysis.
      const { durationMs, pauseBeforeMs, speakingMs, pausesMs } = message;
      const turn = {
        sender: 'user' as const,
        content: text,
        ...(durationMs !== undefined ? { durationMs } : {}),
        ...(pauseBeforeMs !== undefined ? { pauseBeforeMs } : {}),
        ...(speakingMs !== undefined ? { speakingMs } : {}),
        ...(pausesMs !== undefined ? { pausesMs } : {}),
      };
      const history = [...conversation(current.messages), turn];
      respondingRef.current = true;
      dispatch({ type: 'sent', message, replyId });
      void streamReply(history, replyId);
      return true;
    },
    [scenarioReady, streamReply],
  );

  /** Asks again for the reply to the learner's last message, after a failed or dropped one. */
  const retry = useCallback(() => {
    const current = stateRef.current;
    if (respondingRef.current || current.phase !== 'active' || !scenarioReady) return;
    const history = conversation(current.messages);
    if (history.at(-1)?.sender !== 'user') return;
    const replyId = nextId(idRef);
    respondingRef.current = true;
    dispatch({ type: 'retried', replyId });
    void streamReply(history, replyId);
  }, [scenarioReady, streamReply]);

  /* End Session: feedback (stored once by the server), speech analysis, usage count. */
  const endSession = useCallback(async () => {
    const current = stateRef.current;
    if (current.phase !== 'active' || !scenarioReady || !userId) return;
    abortRef.current?.abort();
    respondingRef.current = false;
    const sessionId = current.sessionId;
    const messages = conversation(current.messages);
    dispatch({ type: 'ended' });

    const timed = timedMessages(current.messages);
    if (timed.some((m) => m.sender === 'user')) {
      appDispatch(chatApi.endpoints.fillerWords.initiate({ messages: timed.slice(-MAX_CONTEXT_MESSAGES) }))
        .unwrap()
        .then((speech) => dispatch({ type: 'speechLoaded', speech }))
        .catch((error: unknown) => console.error('Speech analysis failed:', apiErrorMessage(error)));
    }

    if (!sessionId) console.error('Feedback saving skipped: the session has no id.');
    try {
      const answer = await appDispatch(
        chatApi.endpoints.postSessionFeedback.initiate(
          sessionId ? { session_id: sessionId } : { messages: messages.slice(-MAX_CONTEXT_MESSAGES) },
        ),
      ).unwrap();
      const feedback = toFeedbackView(answer);
      if (!feedback) throw new Error(CHAT_TEXTS.feedbackFailed);
      dispatch({ type: 'feedbackLoaded', feedback });
    } catch (error) {
      console.error(CHAT_TEXTS.feedbackFailed, apiErrorMessage(error));
      dispatch({ type: 'feedbackFailed' });
    }
    appDispatch(chatApi.endpoints.incrementSessions.initiate(userId))
      .unwrap()
      .catch((error: unknown) =>
        console.error('Could not update the session count:', apiErrorMessage(error)),
      );
  }, [appDispatch, scenarioReady, userId]);

  /**
   * Start Over: a NEW stored session with a fresh opening (the screen asks first). The previous one keeps
   * its transcript and, once ended, its feedback; the server removes it only if the learner never said a
   * line in it. The new one counts against the free month from the learner's first line.
   */
  const startOver = useCallback(() => {
    abortRef.current?.abort();
    respondingRef.current = false;
    lastReplyAtRef.current = null;
    startOverRef.current = true;
    dispatch({ type: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** Try Again after a start that failed: asks for the scenario's session again. */
  const retryStart = useCallback(() => {
    startOverRef.current = false;
    dispatch({ type: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const requestTip = useCallback(
    async (message: ChatMessage) => {
      const text = textOf(message);
      if (!scenarioReady || text === null || !text.trim()) return;
      dispatch({ type: 'tipRequested', messageId: message.id });
      try {
        const answer = await appDispatch(
          chatApi.endpoints.inlineCoaching.initiate({
            title: scenario.title,
            description: scenario.description,
            message: text,
            scenario_id: scenario.id,
          }),
        ).unwrap();
        if (!isCoaching(answer.coaching)) throw new Error('No coaching in the answer');
        dispatch({ type: 'tipLoaded', messageId: message.id, coaching: answer.coaching });
      } catch (error) {
        console.error('Inline coaching failed:', apiErrorMessage(error));
        dispatch({ type: 'tipFailed', messageId: message.id });
      }
    },
    [appDispatch, scenario, scenarioReady],
  );

  const dismissError = useCallback(() => dispatch({ type: 'errorDismissed' }), []);

  /** The transcript on screen, for POST /api/export/pdf when there is no stored session. */
  const transcriptForExport = useCallback((): ExportPdfInput => {
    const current = stateRef.current;
    const feedback = current.feedback.status === 'shown' ? current.feedback.feedback : null;
    return {
      messages: current.messages
        .filter((m) => m.status !== 'streaming')
        .map((m) => ({ sender: m.sender, content: m.content })),
      ...(scenario
        ? {
            title: scenario.title,
            scenario: {
              title: scenario.title,
              description: scenario.description,
              userRole: scenario.userRole,
              aiRole: scenario.aiRole,
            },
          }
        : {}),
      tone,
      avatar_style: avatar,
      ...(feedback
        ? { feedback: { ...feedback, ...(current.speech ? { speech: current.speech } : {}) } }
        : {}),
    };
  }, [avatar, scenario, tone]);

  return {
    state,
    scenario,
    scenarioReady,
    /** The scenario and the profile are still loading, or the conversation is starting. */
    loading: state.phase === 'loading',
    tone,
    avatar,
    /** The learner's plan, once the profile is read (the screen words its questions by it). */
    plan: profile?.plan,
    fetch: fetcher,
    /** Voice mode sets this to hear each reply as it streams in. */
    replyListener: replyListenerRef,
    send,
    retry,
    endSession,
    startOver,
    retryStart,
    requestTip,
    dismissError,
    transcriptForExport,
  };
}
