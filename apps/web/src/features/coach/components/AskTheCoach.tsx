import type { CoachMessage, Message, StoredFeedback } from '@parley/contracts';
import { coachSuggestions } from '@parley/contracts/constants';
import { Button, ErrorText, LoadingView } from '@parley/web-ui';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import { TryAgainError } from '../../attempts/components/TryAgainError';
import { useTryAgain } from '../../attempts/useTryAgain';
import { createAuthorizedFetch } from '../../chat/authorizedFetch';
import { MessageContent } from '../../sessions/components/Transcript';
import { coachApi, useCoachThreadQuery } from '../coachApi';
import { streamCoachAnswer } from '../coachStream';
import '../../attempts/components/attempts.css';
import './coach.css';

export const COACH_TEXTS = {
  title: 'Ask the Coach',
  lead: 'Ask about your feedback: why a score is what it is, or what to say instead at a turn.',
  label: 'Your question',
  placeholder: 'Ask about a score, a turn or your objectives',
  ask: 'Ask',
  answering: 'Coach is answering...',
  loading: 'Loading your questions...',
  loadFailed: 'Failed to load your questions to the coach.',
  empty: 'No questions yet. Try one of these:',
} as const;

/** What the suggestions are drawn from: the session's own scores and objectives. */
export type CoachReport = Pick<StoredFeedback, 'clarity' | 'empathy' | 'persuasion' | 'objectives'>;

interface Entry {
  sender: 'user' | 'coach';
  content: string;
  retry_from: number | null;
  streaming?: boolean;
}

/** Learner turns are numbered from 1 as the coach speaks of them. */
function turnNumber(messages: readonly Message[], index: number): number {
  return messages.slice(0, index + 1).filter((m) => m.sender === 'user').length;
}

/**
 * Below the performance report: questions about the feedback, answered by the coach as they stream in,
 * each answer with the turn it suggests trying again (a button that starts that attempt).
 */
export function AskTheCoach({
  sessionId,
  messages,
  report,
}: {
  sessionId: string;
  messages: readonly Message[];
  report: CoachReport;
}) {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const fetcher = useMemo(() => createAuthorizedFetch(store), [store]);
  const thread = useCoachThreadQuery(sessionId);
  const [live, setLive] = useState<Entry[] | null>(null);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const retry = useTryAgain();
  const inputId = useId();
  const headingId = useId();

  useEffect(() => () => abortRef.current?.abort(), []);

  const entries: Entry[] = live ?? thread.data ?? [];
  const suggestions = coachSuggestions({
    clarity: report.clarity,
    empathy: report.empathy,
    persuasion: report.persuasion,
    learnerTurns: messages.filter((m) => m.sender === 'user').length,
    objectives: report.objectives?.length ?? 0,
  });

  const ask = async (text: string) => {
    const content = text.trim();
    if (!content || busy) return;
    setProblem(null);
    setBusy(true);
    const history: CoachMessage[] = [
      ...entries.map((e) => ({ sender: e.sender, content: e.content })),
      { sender: 'user', content },
    ];
    const base: Entry[] = [...entries, { sender: 'user', content, retry_from: null }];
    let answer = '';
    let retryFrom: number | null = null;
    const show = (streaming: boolean) =>
      setLive([...base, { sender: 'coach', content: answer, retry_from: retryFrom, streaming }]);
    show(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      await streamCoachAnswer({
        fetch: fetcher,
        body: { session_id: sessionId, messages: history.slice(-40) },
        signal: controller.signal,
        onContent: (piece) => {
          answer += piece;
          show(true);
        },
        onRetry: (index) => {
          retryFrom = index;
        },
      });
      show(false);
      setQuestion('');
      dispatch(coachApi.util.invalidateTags([{ type: 'Feedback', id: `coach-${sessionId}` }]));
    } catch (error) {
      if (controller.signal.aborted) return;
      setLive(entries);
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void ask(question);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void ask(question);
    }
  };

  let body;
  if (thread.isLoading) body = <LoadingView label={COACH_TEXTS.loading} />;
  else if (thread.isError && !live) body = <ErrorText>{COACH_TEXTS.loadFailed}</ErrorText>;
  else if (entries.length === 0)
    body = (
      <div className="coach__empty">
        <p className="pw-muted">{COACH_TEXTS.empty}</p>
        <ul className="coach__suggestions" aria-label="Suggested questions">
          {suggestions.map((s) => (
            <li key={s}>
              <button
                type="button"
                className="pill-button coach__suggestion"
                onClick={() => void ask(s)}
                disabled={busy}
              >
                {s}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  else
    body = (
      <ol className="coach__thread" aria-label="Questions and answers" aria-live="polite" aria-busy={busy}>
        {entries.map((entry, i) => (
          <li key={i} className={`coach__entry coach__entry--${entry.sender}`}>
            <p className="coach__who">{entry.sender === 'user' ? 'You asked' : 'Coach'}</p>
            {entry.sender === 'coach' && entry.streaming && !entry.content ? (
              <p className="pw-muted">{COACH_TEXTS.answering}</p>
            ) : (
              <MessageContent content={entry.content} />
            )}
            {entry.sender === 'coach' &&
            !entry.streaming &&
            entry.retry_from !== null &&
            messages[entry.retry_from] ? (
              <Button
                variant="secondary"
                className="coach__retry"
                disabled={retry.pending}
                onClick={() =>
                  void retry.tryAgain(sessionId, entry.retry_from!, messages[entry.retry_from!]!.content)
                }
              >
                <span aria-hidden="true">↺ </span>
                Try again from turn {turnNumber(messages, entry.retry_from)}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    );

  return (
    <section className="pw-card coach" aria-labelledby={headingId}>
      <h2 id={headingId}>{COACH_TEXTS.title}</h2>
      <p className="pw-muted">{COACH_TEXTS.lead}</p>
      {body}
      <TryAgainError error={retry.error} />
      <form className="coach__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="coach__label">
          {COACH_TEXTS.label}
        </label>
        <textarea
          id={inputId}
          className="pw-input coach__input"
          rows={2}
          maxLength={1000}
          value={question}
          placeholder={COACH_TEXTS.placeholder}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <ErrorText>{problem}</ErrorText>
        <Button type="submit" disabled={busy || !question.trim()}>
          {busy ? COACH_TEXTS.answering : COACH_TEXTS.ask}
        </Button>
      </form>
    </section>
  );
}
