import type { PracticeSession } from '@parley/contracts';
import { buttonClassName, ErrorText, LoadingView, PageShell } from '@parley/web-ui';
import { Link, useParams } from 'react-router';
import type { ApiError } from '../../../api/baseApi';
import { useGetScenarioQuery, useGetSessionQuery } from '../../../api/practiceApi';
import { useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../auth/authSlice';
import { AttemptsList } from '../../attempts/components/AttemptsList';
import { AskTheCoach } from '../../coach/components/AskTheCoach';
import { SessionExportButton } from '../../export/components/SessionExportButton';
import { TryAgainError } from '../../attempts/components/TryAgainError';
import { useTryAgain } from '../../attempts/useTryAgain';
import { resumeTarget } from '../resume';
import { useSessionFeedbackQuery } from '../sessionsApi';
import { FeedbackReport } from './FeedbackReport';
import { OfflineSourcesNote } from './OfflineSourcesNote';
import { ObjectivesList } from './ObjectivesList';
import { SessionMeta } from './SessionMeta';
import { ShareLinks } from './ShareLinks';
import { SignInPrompt } from './SignInPrompt';
import { Transcript } from './Transcript';
import './sessions.css';

export const SESSION_NOT_FOUND = 'Session not found';
export const SESSION_LOAD_FAILED = 'Failed to load session';

/** A malformed id (400) is as missing as an unknown or someone else's session (404). */
function viewError(error: unknown): string {
  const status = (error as ApiError | undefined)?.status;
  return status === 404 || status === 400 ? SESSION_NOT_FOUND : SESSION_LOAD_FAILED;
}

function FeedbackSection({ session }: { session: PracticeSession }) {
  // An open session has no feedback yet: nothing to ask the server for.
  const open = session.status !== 'completed';
  const { data: feedback, isLoading, error } = useSessionFeedbackQuery(session.id, { skip: open });
  if (open) return <OpenSessionNote session={session} />;
  if (isLoading) return <LoadingView label="Loading feedback..." />;
  if (feedback)
    return (
      <>
        <FeedbackReport
          clarity={feedback.clarity}
          empathy={feedback.empathy}
          persuasion={feedback.persuasion}
          strengths={feedback.strengths}
          areas={feedback.weaknesses}
          suggestions={feedback.suggestions}
        />
        <ObjectivesList objectives={feedback.objectives} />
        <OfflineSourcesNote sources={feedback.sources} />
        <AskTheCoach sessionId={session.id} messages={session.messages} report={feedback} />
      </>
    );
  if ((error as ApiError | undefined)?.status !== 404) return <ErrorText>Failed to load feedback</ErrorText>;
  return <p className="pw-muted">No feedback was saved for this session.</p>;
}

function OpenSessionNote({ session }: { session: PracticeSession }) {
  const resume = resumeTarget(session);
  return (
    <>
      <p className="pw-muted">This session is still open: feedback comes when you end it.</p>
      <Link to={resume.to} state={resume.options.state} className={buttonClassName('primary')}>
        Continue Practice
      </Link>
    </>
  );
}

function Replay({ id }: { id: string }) {
  const { data: session, isLoading, error } = useGetSessionQuery(id);
  const { data: scenario } = useGetScenarioQuery(session?.scenario_id ?? '', { skip: !session });
  const retry = useTryAgain();
  if (isLoading) return <LoadingView label="Loading session..." />;
  if (!session) return <ErrorText>{viewError(error)}</ErrorText>;
  return (
    <>
      <SessionMeta
        scenario={scenario?.title ?? session.scenario_id}
        date={session.created_at}
        tone={session.tone_preference}
      />
      {session.messages.length > 0 ? (
        <div className="replay__export">
          <SessionExportButton sessionId={session.id} messages={session.messages} />
        </div>
      ) : null}

      <section className="pw-card replay__section" aria-labelledby="replay-messages">
        <h2 id="replay-messages">Conversation</h2>
        <TryAgainError error={retry.error} />
        <Transcript
          messages={session.messages}
          avatarStyle={session.avatar_style}
          label="Messages"
          onTryAgain={
            retry.pending ? undefined : (index, line) => void retry.tryAgain(session.id, index, line)
          }
        />
      </section>

      <AttemptsList sessionId={session.id} />

      <section className="pw-card replay__section" aria-labelledby="replay-feedback">
        <h2 id="replay-feedback">Feedback</h2>
        <FeedbackSection session={session} />
      </section>

      {session.messages.length > 0 ? (
        <section className="pw-card replay__section" aria-labelledby="replay-share">
          <h2 id="replay-share">Share this report</h2>
          <ShareLinks sessionId={session.id} />
        </section>
      ) : null}
    </>
  );
}

/** /session/view/:id: one stored session read back, with its feedback and share links. */
export function ConversationReplayPage() {
  const { id = '' } = useParams();
  const { session, loading } = useAppSelector(selectAuth);
  return (
    <PageShell title="Conversation Replay" className="replay">
      <div className="sessions__actions">
        <Link to="/session/history" className={buttonClassName('secondary')}>
          Back to History
        </Link>
      </div>
      {loading ? <LoadingView /> : session ? <Replay id={id} /> : <SignInPrompt what="this conversation" />}
    </PageShell>
  );
}
