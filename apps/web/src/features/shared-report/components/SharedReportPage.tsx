import type { ExportFeedback, SharedReport } from '@parley/contracts';
import { Button, buttonClassName, LoadingView } from '@parley/web-ui';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { reloadPage } from '../../../lib/browser';
import { FeedbackReport } from '../../sessions/components/FeedbackReport';
import { longDate } from '../../sessions/components/presentation';
import { SessionMeta } from '../../sessions/components/SessionMeta';
import { Transcript } from '../../sessions/components/Transcript';
import { PublicPage } from '../../site/PublicPage';
import { fetchSharedReport, sharedPdfUrl, type SharedReportResult } from '../sharedReportApi';
import '../../sessions/components/sessions.css';

export const LINK_GONE = 'This link is no longer available';

type State = { kind: 'loading' } | SharedReportResult | { kind: 'failed'; message: string };

function Feedback({ feedback }: { feedback: ExportFeedback }) {
  return (
    <FeedbackReport
      clarity={feedback.clarity}
      empathy={feedback.empathy}
      persuasion={feedback.persuasion}
      strengths={feedback.strengths}
      areas={feedback.weaknesses ?? feedback.areas_for_improvement}
      suggestions={feedback.suggestions}
    />
  );
}

function Report({ token, report }: { token: string; report: SharedReport }) {
  const scenarioTitle = report.scenario?.title;
  return (
    <>
      <div className="sessions__actions">
        <a className={buttonClassName('primary')} href={sharedPdfUrl(token)} target="_blank" rel="noopener">
          Download PDF
        </a>
      </div>
      <SessionMeta report={report.title} scenario={scenarioTitle} date={report.date} tone={report.tone} />
      {report.scenario?.description ? <p className="pw-muted">{report.scenario.description}</p> : null}

      <section className="pw-card replay__section" aria-labelledby="shared-messages">
        <h2 id="shared-messages">Conversation</h2>
        <Transcript messages={report.messages} label="Messages" />
      </section>

      <section className="pw-card replay__section" aria-labelledby="shared-feedback">
        <h2 id="shared-feedback">Feedback</h2>
        {report.feedback ? (
          <Feedback feedback={report.feedback} />
        ) : (
          <p className="pw-muted">This session had no feedback when it was shared.</p>
        )}
      </section>
      <p className="pw-muted">
        This link stays open until <time dateTime={report.expires_at}>{longDate(report.expires_at)}</time>{' '}
        unless its owner revokes it.
      </p>
    </>
  );
}

/** /shared/:token: a practice report someone shared, read-only and without signing in. */
export function SharedReportPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchSharedReport(token, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setState(result);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [token]);

  return (
    <PublicPage title="Shared Report" eyebrow="PARLEY">
      {state.kind === 'loading' ? <LoadingView label="Loading report..." /> : null}
      {state.kind === 'ok' ? <Report token={token} report={state.report} /> : null}
      {state.kind === 'gone' ? (
        <section className="pw-card sessions__empty" aria-labelledby="shared-gone">
          <h2 id="shared-gone">{LINK_GONE}</h2>
          <p className="pw-muted">
            The link may have expired, or its owner revoked it. Ask them for a new one.
          </p>
          <Link to="/" className={buttonClassName('secondary')}>
            Go to Parley
          </Link>
        </section>
      ) : null}
      {state.kind === 'failed' ? (
        <section className="pw-card sessions__problem" role="alert" aria-labelledby="shared-failed">
          <h2 id="shared-failed">Something went wrong</h2>
          <p className="pw-muted">{state.message}</p>
          <Button onClick={reloadPage}>Try Again</Button>
        </section>
      ) : null}
    </PublicPage>
  );
}
