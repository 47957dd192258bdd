import { PageShell } from '@parley/web-ui';

/** /onboarding — the four-step onboarding wizard. Placeholder until its issue lands. */
export function OnboardingPage() {
  return <PageShell title="Onboarding" />;
}
