import { Button, buttonClassName, LoadingView, PageShell } from '@parley/web-ui';
import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { RetryBanner } from '../../attempts/components/RetryBanner';
import { TryAgainError } from '../../attempts/components/TryAgainError';
import { useTryAgain } from '../../attempts/useTryAgain';
import { AskTheCoach } from '../../coach/components/AskTheCoach';
import { ExportButton } from '../../export/components/ExportButton';
import { usePartnerQuery, useSpeechCapabilitiesQuery } from '../chatApi';
import { isChatResumeState } from '../chatNavigation';
import { awaitingReply, canSend, hasAnsweredLine, textOf, waitingPartnerLine } from '../chatState';
import { CHAT_TEXTS, startOverQuestion } from '../chatTexts';
import { alertUser, confirmUser } from '../../../lib/browser';
import { useChatSession } from '../hooks/useChatSession';
import { useReadAloud } from '../hooks/useReadAloud';
import { useVoiceInput, type Recording } from '../hooks/useVoiceInput';
import { useVoiceMode } from '../hooks/useVoiceMode';
import { SPEECH_TEXTS } from '../voice/speechTexts';
import { Composer } from './Composer';
import { SessionRewardsCard } from '../../gamification/components/SessionRewardsCard';
import { FeedbackReport } from './FeedbackReport';
import { PartnerLine, toPartner } from './PartnerLine';
import { SpeechReport } from './SpeechReport';
import { Transcript } from './Transcript';
import { VOICE_TEXTS, VoiceModePanel } from './VoiceModePanel';
import './ChatSessionPage.css';

const messageCount = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

export const CHAT_LAYOUT_TEXTS = { details: 'Scenario details' } as const;

/** Narrower than this, the scenario's details start folded: the conversation gets the first screen. */
export const FOLD_DETAILS_QUERY = '(max-width: 40rem)';

/** Whether the scenario details start open: folded on a phone, open where there is room. */
function detailsOpenAtFirst(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia(FOLD_DETAILS_QUERY).matches;
}

/**
 * /chat/:id, and /scenario/:id with resume state: the chat session (spec section 2 "Chat session").
 * Loading, then active, then completed when the learner ends it (input hidden, reports shown). Each
 * stored session is its own screen, so "Try again from here" opens the new attempt afresh.
 */
export function ChatSessionPage() {
  const { state: navigationState } = useLocation();
  const resume = isChatResumeState(navigationState) ? navigationState : null;
  return <ChatSessionScreen key={resume?.sessionId ?? 'new'} />;
}

function ChatSessionScreen() {
  const { id = '' } = useParams();
  const { state: navigationState } = useLocation();
  const resume = isChatResumeState(navigationState) ? navigationState : null;
  const chat = useChatSession(id, resume);
  const { state } = chat;
  const retry = useTryAgain();
  const partner = toPartner(usePartnerQuery().data);

  const [input, setInput] = useState(resume?.draft ?? '');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const bannerRef = useRef<HTMLHeadingElement>(null);
  // What the server can do with speech, known before the learner speaks (undefined: not known).
  const speech = useSpeechCapabilitiesQuery().data;
  /** A transcription answered that the server has no speech-to-text after all. */
  const [speechToTextGone, setSpeechToTextGone] = useState(false);
  const speechToText = speechToTextGone ? false : speech?.speech_to_text;
  const onSpeechToTextUnavailable = useCallback(() => setSpeechToTextGone(true), []);
  const readAloud = useReadAloud({
    fetch: chat.fetch,
    scenarioId: chat.scenario?.id,
    serverVoice: speech?.text_to_speech,
  });
  const [detailsOpen, setDetailsOpen] = useState(detailsOpenAtFirst);
  const onDetailsToggle = useCallback(
    (event: SyntheticEvent<HTMLDetailsElement>) => setDetailsOpen(event.currentTarget.open),
    [],
  );

  const onRecording = useCallback(
    ({ text, startedAt, durationMs }: Recording) => {
      // The transcript joins what was typed and goes at once; if it cannot go now it stays in the input.
      const combined = input.trim() ? `${input.trim()} ${text}` : text;
      if (chat.send(combined, { startedAt, durationMs })) setInput('');
      else setInput(combined);
      inputRef.current?.focus();
    },
    [chat, input],
  );
  const voice = useVoiceInput(chat.fetch, onRecording, onSpeechToTextUnavailable);
  const voiceMode = useVoiceMode({
    fetch: chat.fetch,
    scenarioId: chat.scenario?.id,
    replyListenerRef: chat.replyListener,
    send: chat.send,
    responding: state.responding,
    partnerLine: waitingPartnerLine(state.messages),
    speechToText,
    textToSpeech: speech?.text_to_speech,
    onSpeechToTextUnavailable,
  });

  useEffect(() => {
    if (state.phase === 'completed') bannerRef.current?.focus();
  }, [state.phase]);

  if (chat.loading) return <LoadingView label={CHAT_TEXTS.loading} />;

  const scenario = chat.scenario;
  const title = scenario?.title || 'Chat Session';

  if (state.phase === 'failed' && state.startError) {
    return (
      <PageShell title={title} lead={scenario?.description} className="chat-page">
        <div className="pw-card chat-page__start-error" role="alert">
          <p className="pw-error">{state.startError.message}</p>
          <div className="chat-page__start-actions">
            {state.startError.upgrade ? (
              <Link to="/upgrade" className={buttonClassName('primary')}>
                Upgrade to Premium
              </Link>
            ) : (
              <Button onClick={chat.retryStart}>Try Again</Button>
            )}
            <Link to="/dashboard" className={buttonClassName('secondary')}>
              Back to Dashboard
            </Link>
          </div>
        </div>
      </PageShell>
    );
  }

  const active = state.phase === 'active';
  const voiceBusy = voice.state !== 'idle';
  const sendAllowed = canSend(state, input, { scenarioReady: chat.scenarioReady, voiceBusy });
  const shown = state.messages.filter((m) => !(m.status === 'streaming' && !m.content));

  function submit() {
    if (chat.send(input)) setInput('');
    inputRef.current?.focus();
  }

  function end() {
    // A session ends with feedback only once a line of the learner's has the partner's answer.
    if (!hasAnsweredLine(state.messages, resume?.retryOf?.fromIndex ?? 0)) {
      alertUser(CHAT_TEXTS.nothingToScore);
      return;
    }
    voiceMode.leave();
    voice.cancel();
    readAloud.stop();
    void chat.endSession();
  }

  function startOver() {
    const used = state.messages.some((m) => m.sender === 'user');
    if (!confirmUser(startOverQuestion({ plan: chat.plan, used }))) return;
    voiceMode.leave();
    voice.cancel();
    readAloud.stop();
    chat.startOver();
  }

  return (
    <PageShell title={title} className="chat-page">
      <details className="chat-page__details" open={detailsOpen} onToggle={onDetailsToggle}>
        <summary>{CHAT_LAYOUT_TEXTS.details}</summary>
        {scenario?.description ? <p className="pw-page__lead">{scenario.description}</p> : null}
        {scenario?.userRole && scenario.aiRole ? (
          <ul className="chat-page__meta" aria-label="Roles">
            <li>You: {scenario.userRole}</li>
            <li>AI: {scenario.aiRole}</li>
          </ul>
        ) : null}
      </details>
      <div className="chat-page__header">
        <ul className="chat-page__meta" aria-label="Session details">
          <li>{messageCount(shown.length)}</li>
        </ul>
        <div className="chat-page__toolbar">
          {active ? (
            <Button onClick={end} disabled={!chat.scenarioReady}>
              {CHAT_TEXTS.endSession}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={startOver}>
            {CHAT_TEXTS.startOver}
          </Button>
          <ExportButton
            fetch={chat.fetch}
            sessionId={state.sessionId}
            transcript={chat.transcriptForExport}
            disabled={shown.length === 0 || state.responding}
          />
        </div>
      </div>

      <PartnerLine partner={partner} />

      {resume?.retryOf ? <RetryBanner retryOf={resume.retryOf} sessionId={state.sessionId} /> : null}
      <TryAgainError error={retry.error} />

      <h2 className="pw-sr-only">Conversation</h2>
      <Transcript
        messages={state.messages}
        avatarStyle={chat.avatar}
        responding={state.responding}
        tips={state.tips}
        onRequestTip={chat.scenarioReady ? (message) => void chat.requestTip(message) : undefined}
        readAloud={{ speakingId: readAloud.speakingId, toggle: readAloud.toggle }}
        onTryAgain={
          state.sessionId && !state.responding && !retry.pending
            ? (index, line) => void retry.tryAgain(state.sessionId!, index, line)
            : undefined
        }
      />

      {state.streamError ? (
        <div className="chat-page__stream-error" role="alert">
          <p>{state.streamError}</p>
          <div className="chat-page__stream-actions">
            {awaitingReply(state) ? <Button onClick={chat.retry}>Retry</Button> : null}
            <Button variant="secondary" onClick={chat.dismissError}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}

      {state.notice ? (
        <p className="chat-page__notice" role="status">
          {state.notice}
        </p>
      ) : null}

      {readAloud.problem ? (
        <p className="chat-page__notice" role="status">
          {readAloud.problem}
        </p>
      ) : null}

      {active && voiceMode.state !== 'off' ? (
        <VoiceModePanel
          state={voiceMode.state}
          problem={voiceMode.problem}
          notice={voiceMode.notice}
          onPause={voiceMode.pause}
          onResume={voiceMode.resume}
          onLeave={voiceMode.leave}
        />
      ) : null}

      {active ? (
        <Composer
          ref={inputRef}
          value={input}
          onChange={setInput}
          onSend={submit}
          canSend={sendAllowed}
          locked={!chat.scenarioReady}
          responding={state.responding}
          voice={voice.state}
          onToggleVoice={voice.toggle}
          voiceUnavailable={speechToText === false ? SPEECH_TEXTS.speechToTextUnavailable : undefined}
          voiceMode={
            voiceMode.state === 'off' && voice.state === 'idle'
              ? { label: VOICE_TEXTS.start, onStart: () => void voiceMode.start() }
              : undefined
          }
        />
      ) : null}

      {state.phase === 'completed' ? (
        <div className="chat-page__completed">
          <div className="chat-page__banner" role="status">
            <h2 ref={bannerRef} tabIndex={-1}>
              Session Complete
            </h2>
            <p>Well done! Here is how your conversation went.</p>
          </div>
          {state.speech ? <SpeechReport speech={state.speech} /> : null}
          <FeedbackReport feedback={state.feedback} partner={partner} />
          {state.feedback.status === 'shown' && state.sessionId ? (
            <SessionRewardsCard sessionId={state.sessionId} />
          ) : null}
          {state.feedback.status === 'shown' && state.sessionId ? (
            <AskTheCoach
              sessionId={state.sessionId}
              report={state.feedback.feedback}
              messages={state.messages.map((m) => ({ sender: m.sender, content: textOf(m) ?? '' }))}
            />
          ) : null}
        </div>
      ) : null}
    </PageShell>
  );
}
