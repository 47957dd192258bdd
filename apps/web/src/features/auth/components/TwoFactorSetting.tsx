import { Button, ErrorText } from '@parley/web-ui';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { EnrolledFactor } from '@parley/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { getUser } from '../authApi';
import { verifiedFactorOf, type MfaFactor } from '../authSession';
import { selectSession, sessionChanged } from '../authSlice';
import { enrollTotp, qrCodeSource, unenroll, verifyCode } from '../mfaApi';
import { TWO_FACTOR_TEXTS as T } from '../twoFactorTexts';
import { OneTimeCodeField } from './OneTimeCodeField';
import './TwoFactorSetting.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; factor: EnrolledFactor }
  | { kind: 'recovery-codes'; codes: string[] }
  | { kind: 'disabling'; factor: MfaFactor };

const messageOf = (caught: unknown): string =>
  caught instanceof Error ? caught.message : String((caught as { message?: unknown })?.message ?? caught);

/**
 * Settings › Security › "Two-factor authentication": the switch shows whether the account has a verified
 * factor (read from the user object, not from the settings record). Turning it on enrols a TOTP factor
 * (QR code, the key as text, a code to confirm, then the recovery codes once); turning it off needs a
 * fresh code.
 */
export function TwoFactorSetting() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const token = session?.access_token ?? null;
  const [factor, setFactor] = useState<MfaFactor | null>(() =>
    session ? verifiedFactorOf(session.user) : null,
  );
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // The session's user may be older than the account: ask the server once.
  useEffect(() => {
    if (!token) return undefined;
    let active = true;
    void getUser(token).then(
      (user) => {
        if (active) setFactor(verifiedFactorOf(user));
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page, not per refreshed token
  }, []);

  const run = async (work: () => Promise<void>) => {
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const onSwitch = () =>
    void run(async () => {
      if (!token) return;
      setCode('');
      if (factor) setStep({ kind: 'disabling', factor });
      else setStep({ kind: 'enrolling', factor: await enrollTotp(token) });
    });

  const onCancel = () =>
    void run(async () => {
      if (step.kind === 'enrolling' && token) await unenroll(token, step.factor.id);
      setStep({ kind: 'idle' });
    });

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      if (!token || (step.kind !== 'enrolling' && step.kind !== 'disabling')) return;
      const raised = await verifyCode(token, step.factor.id, code);
      dispatch(sessionChanged(raised));
      if (step.kind === 'enrolling') {
        setFactor(verifiedFactorOf(raised.user));
        setStep({ kind: 'recovery-codes', codes: step.factor.recovery_codes ?? [] });
      } else {
        await unenroll(raised.access_token, step.factor.id);
        dispatch(sessionChanged({ ...raised, user: await getUser(raised.access_token) }));
        setFactor(null);
        setStep({ kind: 'idle' });
      }
      setCode('');
    });
  };

  return (
    <div className="two-factor">
      <label className="pw-check settings__toggle">
        <input
          type="checkbox"
          checked={factor !== null || step.kind === 'enrolling'}
          disabled={busy || step.kind !== 'idle'}
          onChange={onSwitch}
        />
        {T.switchLabel}
      </label>
      {step.kind === 'enrolling' ? (
        <CodeForm
          name={T.title}
          intro={T.enrolIntro}
          code={code}
          onCode={setCode}
          busy={busy}
          submit={busy ? T.verifying : T.enable}
          onSubmit={onConfirm}
          onCancel={onCancel}
        >
          <img className="two-factor__qr" src={qrCodeSource(step.factor.totp.qr_code)} alt={T.qrAlt} />
          <p>
            {T.secretLabel} <code className="two-factor__secret">{step.factor.totp.secret}</code>
          </p>
        </CodeForm>
      ) : null}
      {step.kind === 'recovery-codes' ? (
        <div className="two-factor__step" role="region" aria-label={T.recoveryTitle}>
          <h3>{T.recoveryTitle}</h3>
          <p>{T.recoveryIntro}</p>
          <ul className="two-factor__codes">
            {step.codes.map((recoveryCode) => (
              <li key={recoveryCode}>
                <code>{recoveryCode}</code>
              </li>
            ))}
          </ul>
          <Button onClick={() => setStep({ kind: 'idle' })}>{T.done}</Button>
        </div>
      ) : null}
      {step.kind === 'disabling' ? (
        <CodeForm
          name={T.disable}
          intro={T.disableIntro}
          code={code}
          onCode={setCode}
          busy={busy}
          submit={busy ? T.disabling : T.disable}
          onSubmit={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
      <ErrorText>{error}</ErrorText>
    </div>
  );
}

/** A step that takes a fresh code from the authenticator app: turning the factor on, or off. */
function CodeForm(props: {
  name: string;
  intro: string;
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
  submit: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <form className="two-factor__step" onSubmit={props.onSubmit} aria-label={props.name}>
      <p>{props.intro}</p>
      {props.children}
      <OneTimeCodeField label={T.codeLabel} value={props.code} onChange={props.onCode} />
      <div className="two-factor__actions">
        <Button type="submit" disabled={props.busy}>
          {props.submit}
        </Button>
        <Button variant="secondary" disabled={props.busy} onClick={props.onCancel}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
