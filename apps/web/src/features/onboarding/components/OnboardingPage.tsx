import {
  AI_TONES,
  COMMUNICATION_GOALS,
  DEFAULT_AVATAR_STYLE,
  DEFAULT_LANGUAGE,
  EXPERIENCE_LEVELS,
  LANGUAGE_LABELS,
  LANGUAGES,
  ONBOARDING_AVATAR_STYLES,
  type AvatarStyle,
  type CommunicationGoal,
  type ExperienceLevel,
  type Language,
} from '@parley/contracts/constants';
import { Button, PageShell } from '@parley/web-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../api/baseApi';
import { useAppSelector } from '../../../app/hooks';
import { alertUser } from '../../../lib/browser';
import { selectSession } from '../../auth/authSlice';
import { useSaveProfileMutation } from '../../profile/profileApi';
import './OnboardingPage.css';

const STEPS = ['Your goals', 'AI tone', 'Experience level', 'Avatar and language'] as const;
const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** /onboarding — the four-step wizard (spec sections 2, 4 and 9). */
export function OnboardingPage() {
  const session = useAppSelector(selectSession);
  const navigate = useNavigate();
  const [saveProfile, { isLoading: saving }] = useSaveProfileMutation();
  const [step, setStep] = useState(1);
  const [fullName, setFullName] = useState(session?.user.user_metadata.full_name ?? '');
  const [goals, setGoals] = useState<CommunicationGoal[]>([]);
  const [tone, setTone] = useState<(typeof AI_TONES)[number] | ''>('');
  const [level, setLevel] = useState<ExperienceLevel | ''>('');
  const [avatar, setAvatar] = useState<AvatarStyle>(DEFAULT_AVATAR_STYLE);
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);

  const canGoNext =
    (step === 1 && goals.length > 0) || (step === 2 && tone !== '') || (step === 3 && level !== '');

  const toggleGoal = (goal: CommunicationGoal) =>
    setGoals((current) => (current.includes(goal) ? current.filter((g) => g !== goal) : [...current, goal]));

  const finish = async () => {
    const userId = session?.user.id;
    if (!userId || tone === '' || level === '') return;
    try {
      await saveProfile({
        id: userId,
        full_name: fullName,
        communication_goals: goals,
        tone_preference: tone,
        experience_level: level,
        avatar_style: avatar,
        language,
      }).unwrap();
      void navigate('/dashboard');
    } catch (error) {
      alertUser(`Error saving onboarding: ${apiErrorMessage(error)}`);
    }
  };

  return (
    <PageShell
      className="onboarding"
      title="Onboarding"
      lead="Tell us what you want to practise, and we'll tailor your sessions."
    >
      <div className="pw-card">
        <label className="pw-field">
          Full name
          <input
            className="pw-input"
            type="text"
            name="full_name"
            autoComplete="name"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
        </label>

        <p className="onboarding__progress" aria-live="polite">
          Step {step} of {STEPS.length}: {STEPS[step - 1]}
        </p>

        {step === 1 ? (
          <fieldset className="onboarding__step">
            <legend>What are your communication goals?</legend>
            <div className="onboarding__options">
              {COMMUNICATION_GOALS.map((goal) => (
                <label key={goal} className="pw-check onboarding__option">
                  <input type="checkbox" checked={goals.includes(goal)} onChange={() => toggleGoal(goal)} />
                  {goal}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {step === 2 ? (
          <fieldset className="onboarding__step">
            <legend>Which tone should the AI use?</legend>
            <div className="onboarding__options">
              {AI_TONES.map((value) => (
                <label key={value} className="pw-check onboarding__option">
                  <input
                    type="radio"
                    name="tone"
                    value={value}
                    checked={tone === value}
                    onChange={() => setTone(value)}
                  />
                  {capitalize(value)}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {step === 3 ? (
          <fieldset className="onboarding__step">
            <legend>What is your experience level?</legend>
            <div className="onboarding__options">
              {EXPERIENCE_LEVELS.map((value) => (
                <label key={value} className="pw-check onboarding__option">
                  <input
                    type="radio"
                    name="level"
                    value={value}
                    checked={level === value}
                    onChange={() => setLevel(value)}
                  />
                  {capitalize(value)}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {step === 4 ? (
          <fieldset className="onboarding__step">
            <legend>Avatar tone and language</legend>
            <div className="onboarding__options">
              {ONBOARDING_AVATAR_STYLES.map((value) => (
                <label key={value} className="pw-check onboarding__option">
                  <input
                    type="radio"
                    name="avatar"
                    value={value}
                    checked={avatar === value}
                    onChange={() => setAvatar(value)}
                  />
                  {capitalize(value)}
                </label>
              ))}
            </div>
            <label className="pw-field onboarding__language">
              Language
              <select
                className="pw-input"
                value={language}
                onChange={(event) => setLanguage(event.target.value as Language)}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {LANGUAGE_LABELS[code]}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
        ) : null}

        <div className="onboarding__nav">
          {step > 1 ? (
            <Button variant="secondary" onClick={() => setStep((s) => s - 1)}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {step < STEPS.length ? (
            <Button disabled={!canGoNext} onClick={() => setStep((s) => s + 1)}>
              Next
            </Button>
          ) : (
            <Button disabled={saving} onClick={() => void finish()}>
              Finish
            </Button>
          )}
        </div>
      </div>
    </PageShell>
  );
}
