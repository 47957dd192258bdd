import { Button, PageShell } from '@parley/web-ui';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { SiteHeader } from '../../site/SiteHeader';
import { signOut, verifySecondFactor } from '../authThunks';
import { TWO_FACTOR_TEXTS as T } from '../twoFactorTexts';
import { AuthSubmit } from './AuthField';
import { OneTimeCodeField } from './OneTimeCodeField';

const messageOf = (caught: unknown): string =>
  caught instanceof Error ? caught.message : String((caught as { message?: unknown })?.message ?? caught);

/** The log-in's second step: the account has a verified factor, so the password alone is not enough. */
export function SecondFactorStep() {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await dispatch(verifySecondFactor(code)).unwrap();
    } catch (caught) {
      setError(messageOf(caught));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SiteHeader />
      <PageShell className="auth" title={T.title}>
        <form className="pw-card auth__card" onSubmit={(event) => void onSubmit(event)}>
          <p>{T.prompt}</p>
          <OneTimeCodeField label={T.codeLabel} value={code} onChange={setCode} acceptsRecoveryCode />
          <p className="auth__hint">{T.recoveryHint}</p>
          <AuthSubmit busy={busy} label={busy ? T.verifying : T.verify} error={error} />
        </form>
        <p className="auth__switch">
          <Button variant="secondary" onClick={() => void dispatch(signOut())}>
            {T.otherAccount}
          </Button>
        </p>
      </PageShell>
    </>
  );
}
