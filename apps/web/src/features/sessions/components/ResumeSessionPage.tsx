import { LoadingView, PageShell } from '@parley/web-ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { practiceApi } from '../../../api/practiceApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../auth/authSlice';
import { resumeTarget, type ResumeTarget } from '../resume';
import { SignInPrompt } from './SignInPrompt';

/** /session/resume: loads the latest session, then redirects; any failure (none yet included) goes to /dashboard. */
export function ResumeSessionPage() {
  const { session, loading } = useAppSelector(selectAuth);
  const userId = session?.user.id;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [target, setTarget] = useState<ResumeTarget | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    // Always the server's latest: a cached copy could miss turns saved since.
    const request = dispatch(
      practiceApi.endpoints.lastSession.initiate(userId, { forceRefetch: true, subscribe: false }),
    );
    request
      .unwrap()
      .then((last) => {
        if (!cancelled) setTarget(resumeTarget(last));
      })
      .catch(() => {
        if (!cancelled) void navigate('/dashboard', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [dispatch, navigate, userId]);

  // 'Redirecting...' is on screen for one frame at least before the chat or detail screen opens.
  useEffect(() => {
    if (target) void navigate(target.to, target.options);
  }, [navigate, target]);

  return (
    <PageShell title="Resume Last Session">
      {!loading && !session ? (
        <SignInPrompt what="your last session" />
      ) : (
        <LoadingView label={target ? 'Redirecting...' : 'Loading last session...'} />
      )}
    </PageShell>
  );
}
