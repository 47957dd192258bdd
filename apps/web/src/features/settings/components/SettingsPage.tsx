import type { SettingsPatch, UserSettings } from '@parley/contracts';
import {
  FONT_SIZES,
  LANGUAGE_LABELS,
  LANGUAGES,
  THEMES,
  TIMEZONE_CHOICES,
} from '@parley/contracts/constants';
import { Button, buttonClassName, ErrorText, LoadingView, PageShell } from '@parley/web-ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { confirmUser } from '../../../lib/browser';
import { errorMessage } from '../../../lib/http';
import { updateUser } from '../../auth/authApi';
import { selectSession, sessionChanged } from '../../auth/authSlice';
import { signOut } from '../../auth/authThunks';
import { TwoFactorSetting } from '../../auth/components/TwoFactorSetting';
import { rememberDisplayPreferences } from '../displayPreferences';
import { useGetSettingsQuery, useUpdateSettingsMutation } from '../settingsApi';
import { VoiceSilenceSetting } from './VoiceSilenceSetting';
import './SettingsPage.css';

export const SETTINGS_TEXTS = {
  loadFailed: 'Failed to load settings. Please try again.',
  saveFailed: 'Failed to save settings. Please try again.',
  displayNameFailed: 'Failed to update display name. Please try again.',
  displayNameEmpty:
    'Display name cannot be empty. Enter the name other learners and your greeting should show.',
  noSession: 'User session not found. Please log in again.',
  saving: 'Saving changes...',
  underDevelopment: 'This section is under development',
  confirmDelete: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleting: 'Deleting...',
  deleted: 'Account deleted. Redirecting...',
  deleteFailed: 'Failed to delete account.',
  deleteNetworkFailed: 'Failed to delete account. Please try again later.',
} as const;

export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'security', label: 'Security' },
  { id: 'gamification', label: 'Gamification' },
  { id: 'accessibility', label: 'Accessibility' },
  { id: 'technical', label: 'Technical' },
  { id: 'privacy', label: 'Data & Privacy' },
] as const;

type BooleanKey = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

const TOGGLES: Record<string, Array<[BooleanKey, string]>> = {
  notifications: [
    ['email_notifications', 'Email notifications'],
    ['in_app_notifications', 'In-app notifications'],
    ['session_reminders', 'Session reminders'],
    ['progress_updates', 'Progress updates'],
  ],
  // "Two-factor authentication" is the account's second factor, not a stored switch (TwoFactorSetting).
  security: [['login_notifications', 'Login notifications']],
  gamification: [
    ['show_xp_progress', 'Show XP progress'],
    ['show_achievements', 'Show achievements'],
    ['show_leaderboard', 'Show leaderboard'],
    ['streak_reminders', 'Streak reminders'],
  ],
  accessibility: [
    ['high_contrast_mode', 'High contrast mode'],
    ['reduced_motion', 'Reduced motion'],
    ['screen_reader_optimized', 'Screen reader optimized'],
  ],
  technical: [
    ['data_sync', 'Data sync'],
    ['offline_mode', 'Offline mode'],
    ['performance_mode', 'Performance mode'],
  ],
  privacy: [
    ['data_collection', 'Data collection'],
    ['analytics_enabled', 'Analytics'],
    ['marketing_emails', 'Marketing emails'],
    ['session_recording', 'Session recording'],
  ],
};

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** /settings — seven tabs, every change saved at once (spec sections 2, 3, 4 and 8). */
export function SettingsPage() {
  const { data: settings, isLoading, isError } = useGetSettingsQuery();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') ?? 'profile';
  const [update, { isLoading: savingSetting }] = useUpdateSettingsMutation();
  const [savingName, setSavingName] = useState(0);
  const [namePending, setNamePending] = useState(false);
  const [error, setError] = useState('');
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // Theme and accessibility options apply to the whole app as soon as they are known or change.
  const theme = settings?.theme;
  const fontSize = settings?.font_size;
  const highContrast = settings?.high_contrast_mode;
  const reducedMotion = settings?.reduced_motion;
  useEffect(() => {
    if (
      theme === undefined ||
      fontSize === undefined ||
      highContrast === undefined ||
      reducedMotion === undefined
    )
      return;
    rememberDisplayPreferences({
      theme,
      font_size: fontSize,
      high_contrast_mode: highContrast,
      reduced_motion: reducedMotion,
    });
  }, [theme, fontSize, highContrast, reducedMotion]);

  if (isLoading) return <LoadingView />;
  if (isError || !settings) {
    return (
      <main className="pw-page">
        <ErrorText>{SETTINGS_TEXTS.loadFailed}</ErrorText>
      </main>
    );
  }

  const save = async (patch: SettingsPatch) => {
    setError('');
    try {
      await update(patch).unwrap();
    } catch {
      setError(SETTINGS_TEXTS.saveFailed);
    }
  };

  const saveDisplayName = async (display_name: string) => {
    setError('');
    await save({ display_name });
    const token = session?.access_token;
    if (!session || !token) {
      setError(SETTINGS_TEXTS.noSession);
      return;
    }
    setSavingName((n) => n + 1);
    try {
      const user = await updateUser(token, display_name);
      dispatch(sessionChanged({ ...session, user }));
    } catch {
      setError(SETTINGS_TEXTS.displayNameFailed);
    } finally {
      setSavingName((n) => n - 1);
    }
  };

  const selectTab = (id: string) => setSearchParams(id === 'profile' ? {} : { tab: id }, { replace: true });
  const tabIndex = SETTINGS_TABS.findIndex((t) => t.id === tab);

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = SETTINGS_TABS.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    selectTab(SETTINGS_TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  const toggle = ([key, label]: [BooleanKey, string]) => (
    <label key={key} className="pw-check settings__toggle">
      <input
        type="checkbox"
        checked={settings[key]}
        onChange={(event) => void save({ [key]: event.target.checked })}
      />
      {label}
    </label>
  );

  let panel: ReactNode;
  if (tab === 'profile') {
    panel = (
      <>
        <DisplayNameField
          initial={settings.display_name}
          onPendingChange={setNamePending}
          onSave={saveDisplayName}
        />
        <label className="pw-field">
          Email
          <input className="pw-input" type="email" value={settings.email} readOnly aria-readonly="true" />
        </label>
        <label className="pw-field">
          Language
          <select
            className="pw-input"
            value={settings.language}
            onChange={(event) => void save({ language: event.target.value as UserSettings['language'] })}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_LABELS[code]}
              </option>
            ))}
          </select>
        </label>
        <label className="pw-field">
          Timezone
          <select
            className="pw-input"
            value={settings.timezone}
            onChange={(event) => void save({ timezone: event.target.value })}
          >
            {(TIMEZONE_CHOICES as readonly string[]).includes(settings.timezone) ? null : (
              <option value={settings.timezone}>{settings.timezone}</option>
            )}
            {TIMEZONE_CHOICES.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
      </>
    );
  } else if (tab === 'accessibility') {
    panel = (
      <>
        <label className="pw-field">
          Theme
          <select
            className="pw-input"
            value={settings.theme}
            onChange={(event) => void save({ theme: event.target.value as UserSettings['theme'] })}
          >
            {THEMES.map((value) => (
              <option key={value} value={value}>
                {capitalize(value)}
              </option>
            ))}
          </select>
        </label>
        <label className="pw-field">
          Font size
          <select
            className="pw-input"
            value={settings.font_size}
            onChange={(event) => void save({ font_size: event.target.value as UserSettings['font_size'] })}
          >
            {FONT_SIZES.map((value) => (
              <option key={value} value={value}>
                {capitalize(value)}
              </option>
            ))}
          </select>
        </label>
        {TOGGLES['accessibility']!.map(toggle)}
      </>
    );
  } else if (tab === 'security') {
    panel = (
      <>
        <TwoFactorSetting />
        {TOGGLES['security']!.map(toggle)}
      </>
    );
  } else if (tab === 'technical') {
    panel = (
      <>
        {TOGGLES['technical']!.map(toggle)}
        <VoiceSilenceSetting />
      </>
    );
  } else if (TOGGLES[tab]) {
    panel = TOGGLES[tab].map(toggle);
  } else {
    panel = <p>{SETTINGS_TEXTS.underDevelopment}</p>;
  }

  const saving = savingSetting || savingName > 0 || namePending;

  return (
    <PageShell className="settings" title="Settings">
      <p>
        <Link to="/dashboard" className={buttonClassName('secondary')}>
          Back to Dashboard
        </Link>
      </p>
      <p className="settings__status" role="status" aria-live="polite">
        {saving ? SETTINGS_TEXTS.saving : ''}
      </p>
      <ErrorText>{error}</ErrorText>
      <div className="settings__layout">
        <div
          role="tablist"
          aria-label="Settings sections"
          aria-orientation="vertical"
          className="settings__tabs"
        >
          {SETTINGS_TABS.map((t, index) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`settings-tab-${t.id}`}
              aria-selected={t.id === tab}
              aria-controls="settings-panel"
              tabIndex={t.id === tab || (tabIndex < 0 && index === 0) ? 0 : -1}
              className="settings__tab"
              onClick={() => selectTab(t.id)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <section
          id="settings-panel"
          role="tabpanel"
          aria-labelledby={tabIndex >= 0 ? `settings-tab-${tab}` : undefined}
          aria-label={tabIndex >= 0 ? undefined : 'Settings section'}
          className="pw-card settings__panel"
        >
          {panel}
        </section>
      </div>
      <DeleteAccount />
    </PageShell>
  );
}

/** How long the Display Name waits after the last keystroke before it is saved (leaving the field saves at once). */
export const DISPLAY_NAME_SAVE_DELAY_MS = 800;

/**
 * Display Name: the input keeps what is typed and saves it once typing pauses or the field is left — not on
 * every keystroke. An empty name is refused with a message and nothing is sent.
 */
function DisplayNameField({
  initial,
  onSave,
  onPendingChange,
}: {
  initial: string;
  onSave: (value: string) => Promise<void>;
  onPendingChange: (pending: boolean) => void;
}) {
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const saved = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errorId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const name = next.trim();
    if (!name) {
      setInvalid(true);
      onPendingChange(false);
      return;
    }
    setInvalid(false);
    if (name === saved.current) {
      onPendingChange(false);
      return;
    }
    saved.current = name;
    void onSave(name).finally(() => onPendingChange(false));
  };

  return (
    <div className="pw-field">
      <label className="pw-field">
        Display Name
        <input
          className="pw-input"
          type="text"
          autoComplete="name"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            clearTimeout(timer.current);
            if (!next.trim()) {
              setInvalid(true);
              onPendingChange(false);
              return;
            }
            setInvalid(false);
            onPendingChange(next.trim() !== saved.current);
            timer.current = setTimeout(() => commit(next), DISPLAY_NAME_SAVE_DELAY_MS);
          }}
          onBlur={(event) => commit(event.target.value)}
        />
      </label>
      {invalid ? (
        <p id={errorId} className="pw-error" role="alert">
          {SETTINGS_TEXTS.displayNameEmpty}
        </p>
      ) : null}
    </div>
  );
}

type DeleteState = { kind: 'idle'; error?: string } | { kind: 'deleting' } | { kind: 'deleted' };

/** Delete Account: browser confirmation, 'Deleting...', 'Account deleted. Redirecting...', sign out, go to /. */
function DeleteAccount() {
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, setState] = useState<DeleteState>({ kind: 'idle' });

  const onDelete = async () => {
    if (!confirmUser(SETTINGS_TEXTS.confirmDelete)) return;
    if (!session?.access_token) {
      setState({ kind: 'idle', error: SETTINGS_TEXTS.noSession });
      return;
    }
    setState({ kind: 'deleting' });
    let response: Response;
    try {
      response = await fetch(`/api/user/${encodeURIComponent(session.user.id)}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
    } catch {
      setState({ kind: 'idle', error: SETTINGS_TEXTS.deleteNetworkFailed });
      return;
    }
    if (!response.ok) {
      const message = await errorMessage(response);
      const serverText =
        message.startsWith('Request failed') || message.startsWith('HTTP error') ? null : message;
      setState({ kind: 'idle', error: serverText ?? SETTINGS_TEXTS.deleteFailed });
      return;
    }
    setState({ kind: 'deleted' });
    await dispatch(signOut());
    void navigate('/', { replace: true });
  };

  return (
    <section className="pw-card settings__danger" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete Account</h2>
      <p className="pw-muted">Permanently delete your account and all of your data.</p>
      <Button className="settings__delete" disabled={state.kind !== 'idle'} onClick={() => void onDelete()}>
        {state.kind === 'deleting' ? SETTINGS_TEXTS.deleting : 'Delete Account'}
      </Button>
      {state.kind === 'deleted' ? <p role="status">{SETTINGS_TEXTS.deleted}</p> : null}
      {state.kind === 'idle' && state.error ? <ErrorText>{state.error}</ErrorText> : null}
    </section>
  );
}
