import { LoadingView } from '@parley/web-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, type RouteHandle } from './app/AppLayout';
import { apiLayerReady, prefetchWithApi, type Prefetch } from './app/shellStore';
import { ProtectedRoute } from './features/auth/components/ProtectedRoute';
import { LandingPage } from './features/landing/components/LandingPage';
import { AppFrame } from './features/site/AppHeader';
// Eager: small, and it must render even when the page's clock is paused (its glitch timing is tested so).
import { NotFoundPage } from './features/not-found/components/NotFoundPage';
import { reloadingForNewBuild, untilReloaded } from './lib/staleBuild';

/** A screen loaded on first visit (React.lazy), so the landing page's bundle stays small. */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  /** The screen's first requests, started with its code rather than after it (shellStore prefetchWithApi). */
  prefetch?: Prefetch,
) {
  // With the API layer: every such screen may call the API, and the landing page loads without it.
  let loading: Promise<[Record<K, ComponentType>, void]> | undefined;
  const start = () => {
    if (!loading && prefetch) void prefetchWithApi(prefetch).catch(() => undefined);
    return (loading ??= Promise.all([load(), apiLayerReady()]));
  };
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => {
    try {
      const [module] = await start();
      return { default: module[name] };
    } catch (error) {
      loading = undefined;
      // A chunk of an older build, gone after a deploy: the page is reloading; keep showing the loader.
      if (reloadingForNewBuild()) return untilReloaded();
      throw error;
    }
  });
  function LazyPage() {
    return (
      <Suspense fallback={<LoadingView />}>
        <Lazy />
      </Suspense>
    );
  }
  LazyPage.displayName = name;
  /** Starts loading the screen (and its first requests) before it renders: main.tsx, for the page opened. */
  LazyPage.preload = () => void start().catch(() => undefined);
  return LazyPage;
}

/** The requests the library shows first: the catalogue. */
const libraryPrefetch: Prefetch = async () => {
  const { practiceApi } = await import('./api/practiceApi');
  return [practiceApi.util.prefetch('listScenarios', undefined, {})];
};

/** The requests the dashboard's first screen waits on: the profile (greeting, plan) and the XP summary. */
const dashboardPrefetch: Prefetch = async (state) => {
  const userId = state.auth.session?.user.id;
  const [{ profileApi }, { gamificationApi }] = await Promise.all([
    import('./features/profile/profileApi'),
    import('./features/gamification/gamificationApi'),
  ]);
  return [
    ...(userId ? [profileApi.util.prefetch('getProfile', userId, {})] : []),
    gamificationApi.util.prefetch('gamificationSummary', undefined, {}),
  ];
};

const AuthCallbackPage = page(
  () => import('./features/auth/components/AuthCallbackPage'),
  'AuthCallbackPage',
);
const AuthPage = page(() => import('./features/auth/components/AuthPage'), 'AuthPage');
const ForgotPasswordPage = page(
  () => import('./features/auth/components/PasswordRecoveryPages'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('./features/auth/components/PasswordRecoveryPages'),
  'ResetPasswordPage',
);
const ChatSessionPage = page(() => import('./features/chat/components/ChatSessionPage'), 'ChatSessionPage');
const DashboardPage = page(
  () => import('./features/dashboard/components/DashboardPage'),
  'DashboardPage',
  dashboardPrefetch,
);
const DocsPage = page(() => import('./features/docs/components/DocsPage'), 'DocsPage');
const PrivacyPage = page(() => import('./features/legal/components/PrivacyPage'), 'PrivacyPage');
const TermsPage = page(() => import('./features/legal/components/TermsPage'), 'TermsPage');
const LibraryPage = page(
  () => import('./features/library/components/LibraryPage'),
  'LibraryPage',
  libraryPrefetch,
);
const OnboardingPage = page(
  () => import('./features/onboarding/components/OnboardingPage'),
  'OnboardingPage',
);
const PricingPage = page(() => import('./features/pricing/components/PricingPage'), 'PricingPage');
const FeaturesPage = page(
  () => import('./features/product-features/components/FeaturesPage'),
  'FeaturesPage',
);
const CustomScenarioFormPage = page(
  () => import('./features/custom-scenarios/components/CustomScenarioFormPage'),
  'CustomScenarioFormPage',
);
const ScenarioRoute = page(() => import('./features/scenario/components/ScenarioRoute'), 'ScenarioRoute');
const CompareAttemptsPage = page(
  () => import('./features/attempts/components/CompareAttemptsPage'),
  'CompareAttemptsPage',
);
const ConversationReplayPage = page(
  () => import('./features/sessions/components/ConversationReplayPage'),
  'ConversationReplayPage',
);
const ResumeSessionPage = page(
  () => import('./features/sessions/components/ResumeSessionPage'),
  'ResumeSessionPage',
);
const SessionHistoryPage = page(
  () => import('./features/sessions/components/SessionHistoryPage'),
  'SessionHistoryPage',
);
const SharedReportPage = page(
  () => import('./features/shared-report/components/SharedReportPage'),
  'SharedReportPage',
);
const SettingsPage = page(() => import('./features/settings/components/SettingsPage'), 'SettingsPage');
const SupportPage = page(() => import('./features/support/components/SupportPage'), 'SupportPage');
const UpgradePage = page(() => import('./features/upgrade/components/UpgradePage'), 'UpgradePage');

const titled = (title: string): RouteHandle => ({ title });

/** The spec's route table (section 2), in one place. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      // Public
      { path: '/', element: <LandingPage />, handle: titled('Transform Conversations with AI') },
      { path: '/features', element: <FeaturesPage />, handle: titled('Features') },
      { path: '/pricing', element: <PricingPage />, handle: titled('Pricing') },
      { path: '/docs', element: <DocsPage />, handle: titled('Documentation') },
      { path: '/support', element: <SupportPage />, handle: titled('Support') },
      { path: '/privacy', element: <PrivacyPage />, handle: titled('Privacy Policy') },
      { path: '/terms', element: <TermsPage />, handle: titled('Terms and Conditions') },
      { path: '/auth', element: <AuthPage />, handle: titled('Log In') },
      { path: '/auth/callback', element: <AuthCallbackPage />, handle: titled('Confirming your account...') },
      {
        path: '/auth/forgot-password',
        element: <ForgotPasswordPage />,
        handle: titled('Reset your password'),
      },
      {
        path: '/auth/reset-password',
        element: <ResetPasswordPage />,
        handle: titled('Choose a new password'),
      },
      { path: '/shared/:token', element: <SharedReportPage />, handle: titled('Shared Report') },

      // Protected: 'Loading...' while the session loads, /auth without one
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/onboarding', element: <OnboardingPage />, handle: titled('Onboarding') },
          {
            // The signed-in screens share the app header (brand to the dashboard, main places)
            element: <AppFrame />,
            children: [
              { path: '/dashboard', element: <DashboardPage />, handle: titled('Dashboard') },
              { path: '/settings', element: <SettingsPage />, handle: titled('Settings') },
              { path: '/library', element: <LibraryPage />, handle: titled('Scenario Library') },
              // Scenario detail, or the chat screen when navigation state resumes a session
              { path: '/scenario/:id', element: <ScenarioRoute />, handle: titled('Scenario Details') },
              { path: '/chat/:id', element: <ChatSessionPage />, handle: titled('Chat Session') },
              {
                path: '/scenarios/new',
                element: <CustomScenarioFormPage />,
                handle: titled('Create Your Scenario'),
              },
              {
                path: '/scenarios/:id/edit',
                element: <CustomScenarioFormPage />,
                handle: titled('Edit Scenario'),
              },
              { path: '/upgrade', element: <UpgradePage />, handle: titled('Premium Upgrade') },
            ],
          },
        ],
      },

      // No wrapper in the spec's table; their data calls need a token (the header shows when signed in)
      {
        element: <AppFrame />,
        children: [
          { path: '/session/resume', element: <ResumeSessionPage />, handle: titled('Resume Last Session') },
          { path: '/session/history', element: <SessionHistoryPage />, handle: titled('Session History') },
          { path: '/history', element: <SessionHistoryPage />, handle: titled('Session History') },
          {
            path: '/session/view/:id',
            element: <ConversationReplayPage />,
            handle: titled('Conversation Replay'),
          },
          {
            path: '/session/compare/:a/:b',
            element: <CompareAttemptsPage />,
            handle: titled('Compare Attempts'),
          },
        ],
      },

      { path: '*', element: <NotFoundPage />, handle: titled('Page Not Found') },
    ],
  },
];
