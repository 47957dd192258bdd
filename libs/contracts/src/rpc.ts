/**
 * Request/response message patterns between the gateway and the services (TCP transport).
 * Each pattern is spelled here once; handlers and callers import it.
 */
export const RPC = {
  health: { ready: 'health.ready' },
  identity: {
    getUser: 'identity.user.get',
    updateUser: 'identity.user.update',
    signUp: 'identity.auth.sign-up',
    signInWithPassword: 'identity.auth.sign-in-with-password',
    refreshSession: 'identity.auth.refresh-session',
    signOut: 'identity.auth.sign-out',
    verifyEmail: 'identity.auth.verify-email',
    resendConfirmation: 'identity.auth.resend-confirmation',
    recoverPassword: 'identity.auth.recover-password',
    deleteAccount: 'identity.account.delete',
    reauthenticate: 'identity.auth.reauthenticate',
    enrollFactor: 'identity.mfa.enroll',
    challengeFactor: 'identity.mfa.challenge',
    verifyFactor: 'identity.mfa.verify',
    unenrollFactor: 'identity.mfa.unenroll',
    getProfile: 'identity.profile.get',
    saveProfile: 'identity.profile.save',
    getOrCreateSettings: 'identity.settings.get-or-create',
    updateSettings: 'identity.settings.update',
  },
  sessions: {
    monthlyUsage: 'sessions.usage.monthly',
    listScenarios: 'sessions.scenarios.list',
    getScenario: 'sessions.scenarios.get',
    dailyScenario: 'sessions.scenarios.daily',
    randomScenario: 'sessions.scenarios.random',
    startSession: 'sessions.practice.start',
    appendMessages: 'sessions.practice.append',
    listSessions: 'sessions.practice.list',
    getSession: 'sessions.practice.get',
    lastSession: 'sessions.practice.last',
    activeSession: 'sessions.practice.active',
    deleteSession: 'sessions.practice.delete',
    scenarioDefinition: 'sessions.scenarios.definition',
    completeSession: 'sessions.practice.complete',
    getFeedback: 'sessions.feedback.get',
    progress: 'sessions.feedback.progress',
    listCustomScenarios: 'sessions.custom-scenarios.list',
    getCustomScenario: 'sessions.custom-scenarios.get',
    createCustomScenario: 'sessions.custom-scenarios.create',
    updateCustomScenario: 'sessions.custom-scenarios.update',
    deleteCustomScenario: 'sessions.custom-scenarios.delete',
    draftCustomScenario: 'sessions.custom-scenarios.draft',
    startAttempt: 'sessions.attempts.start',
    listAttempts: 'sessions.attempts.list',
    getCoachThread: 'sessions.coach-thread.get',
    appendCoachThread: 'sessions.coach-thread.append',
  },
  coaching: {
    streamReply: 'coaching.chat.stream',
    cancelStream: 'coaching.chat.cancel',
    opening: 'coaching.chat.opening',
    partner: 'coaching.chat.partner',
    inlineCoaching: 'coaching.chat.inline-coaching',
    feedback: 'coaching.analysis.feedback',
    speech: 'coaching.analysis.speech',
    transcribe: 'coaching.speech.transcribe',
    speak: 'coaching.speech.speak',
    cancelSpeech: 'coaching.speech.cancel',
    speechCapabilities: 'coaching.speech.capabilities',
    draftScenario: 'coaching.scenarios.draft',
    askCoach: 'coaching.coach.ask',
  },
  gamification: {
    summary: 'gamification.summary.get',
    dailyChallenges: 'gamification.daily-challenges.list',
    claimDailyChallenge: 'gamification.daily-challenges.claim',
    leaderboard: 'gamification.leaderboard.get',
    streak: 'gamification.streak.get',
    buyStreakFreeze: 'gamification.streak.buy-freeze',
    league: 'gamification.league.get',
    recommendations: 'gamification.recommendations.get',
    sessionRewards: 'gamification.session-rewards.get',
  },
  export: {
    renderPdf: 'export.pdf.render',
    createJob: 'export.jobs.create',
    getJob: 'export.jobs.get',
    jobFile: 'export.jobs.file',
    createShare: 'export.shares.create',
    listShares: 'export.shares.list',
    revokeShare: 'export.shares.revoke',
    sharedReport: 'export.shared.report',
    sharedPdf: 'export.shared.pdf',
  },
} as const;

/** Who the gateway is calling on behalf of and under which request id; travels with every RPC. */
export interface RpcMeta {
  requestId: string;
  userId?: string;
  /** The caller's plan from their access token (signed by identity; at most one token lifetime old). */
  plan?: 'free' | 'premium';
}

export interface RpcRequest<T = unknown> {
  meta: RpcMeta;
  data: T;
}

/**
 * How a service reports a failure that the gateway turns into an HTTP status and `{"error": ...}`;
 * `code` becomes the body's `error_code` (GoTrue's machine-readable reason) and `retryAfterSeconds` the
 * `Retry-After` header.
 */
export interface RpcErrorBody {
  status: number;
  error: string;
  code?: string;
  retryAfterSeconds?: number;
}

export const SERVICE_NAMES = ['identity', 'sessions', 'coaching', 'gamification', 'export'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
