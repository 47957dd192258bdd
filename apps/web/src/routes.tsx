import type { RouteObject } from 'react-router';
import { AppLayout, type RouteHandle } from './app/AppLayout';
import { AuthCallbackPage } from './features/auth/components/AuthCallbackPage';
import { AuthPage } from './features/auth/components/AuthPage';
import { ProtectedRoute } from './features/auth/components/ProtectedRoute';
import { ChatSessionPage } from './features/chat/components/ChatSessionPage';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { DocsPage } from './features/docs/components/DocsPage';
import { LandingPage } from './features/landing/components/LandingPage';
import { PrivacyPage } from './features/legal/components/PrivacyPage';
import { TermsPage } from './features/legal/components/TermsPage';
import { LibraryPage } from './features/library/components/LibraryPage';
import { NotFoundPage } from './features/not-found/components/NotFoundPage';
import { OnboardingPage } from './features/onboarding/components/OnboardingPage';
import { PricingPage } from './features/pricing/components/PricingPage';
import { FeaturesPage } from './features/product-features/components/FeaturesPage';
import { ScenarioRoute } from './features/scenario/components/ScenarioRoute';
import { ConversationReplayPage } from './features/sessions/components/ConversationReplayPage';
import { ResumeSessionPage } from './features/sessions/components/ResumeSessionPage';
import { SessionHistoryPage } from './features/sessions/components/SessionHistoryPage';
import { SettingsPage } from './features/settings/components/SettingsPage';
import { SupportPage } from './features/support/components/SupportPage';
import { UpgradePage } from './features/upgrade/components/UpgradePage';

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

      // Protected: 'Loading...' while the session loads, /auth without one
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/onboarding', element: <OnboardingPage />, handle: titled('Onboarding') },
          { path: '/dashboard', element: <DashboardPage />, handle: titled('Dashboard') },
          { path: '/settings', element: <SettingsPage />, handle: titled('Settings') },
          { path: '/library', element: <LibraryPage />, handle: titled('Scenario Library') },
          // Scenario detail, or the chat screen when navigation state resumes a session
          { path: '/scenario/:id', element: <ScenarioRoute />, handle: titled('Scenario Details') },
          { path: '/chat/:id', element: <ChatSessionPage />, handle: titled('Chat Session') },
          { path: '/upgrade', element: <UpgradePage />, handle: titled('Premium Upgrade') },
        ],
      },

      // No wrapper in the spec's table; their data calls need a token
      { path: '/session/resume', element: <ResumeSessionPage />, handle: titled('Resume Last Session') },
      { path: '/session/history', element: <SessionHistoryPage />, handle: titled('Session History') },
      { path: '/history', element: <SessionHistoryPage />, handle: titled('Session History') },
      {
        path: '/session/view/:id',
        element: <ConversationReplayPage />,
        handle: titled('Conversation Replay'),
      },

      { path: '*', element: <NotFoundPage />, handle: titled('Page Not Found') },
    ],
  },
];
