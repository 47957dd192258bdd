import {
  INVALID_MESSAGE_CONTENT,
  SCORE_BAND_THRESHOLDS,
  scoreBandColour,
  type ScoreBandColour,
} from '@parley/contracts/constants';
/** Every text of the chat screen that the spec fixes (sections 2, 4, 5, 8 and 9), written once. */
export const CHAT_TEXTS = {
  loading: 'Loading Conversation',
  endSession: 'End Session',
  /** Was the spec's "Replay Session": it starts a new conversation (a new session), so it says so. */
  startOver: 'Start Over',
  /** End Session before any line of the learner's was answered: the server would have nothing to score. */
  nothingToScore: 'There is nothing to score yet: say something to your partner first, then end the session.',
  exportTranscript: 'Export Transcript',
  returnToDashboard: 'Return to Dashboard',
  missingScenario: 'Unable to start session: Scenario details are missing.',
  invalidContent: INVALID_MESSAGE_CONTENT,
  feedbackFailed: 'Failed to get post-session feedback',
  feedbackUnavailableTitle: 'Unable to Generate Feedback',
  feedbackUnavailableBody: 'We encountered an issue while analyzing your session. Please try again later.',
  noReader: 'No reader available',
  microphoneDenied: 'Microphone access denied or not available.',
  voiceModeNotLoaded:
    'Voice mode could not be loaded. Parley may have been updated: reload the page and try again.',
  transcriptionFailed: 'Transcription failed.',
  sectionTitles: {
    communicationAnalysis: 'Communication Analysis',
    strategicImpact: 'Strategic Impact',
    improvementOpportunity: 'Improvement Opportunity',
    enhancedVersion: 'Enhanced Version',
  },
  quickTips: ['Be specific and concise', 'Address the scenario directly', 'Use professional language'],
} as const;

/**
 * What Start Over asks before it starts a new session. The current one stays in the history when the
 * learner said something in it; on the free plan the new one uses one of the month's sessions from the
 * learner's first line.
 */
export function startOverQuestion(options: { plan: 'free' | 'premium' | undefined; used: boolean }): string {
  return [
    'Start a new conversation from the beginning?',
    options.used ? 'This one stays in your session history.' : null,
    options.plan === 'premium'
      ? null
      : 'On the free plan, the new conversation uses one of this month’s sessions once you send your first message.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The opening when generation fails or answers something that is not text (spec section 8). */
export const fallbackOpening = (title: string) => `Let's begin practicing **${title}**.`;

/** How long 'Copied!' stays after copying (spec section 9). */
export const COPIED_CONFIRMATION_MS = 1500;

/** Score colour thresholds (spec sections 4 and 9): 8 or more green, 6 to under 8 amber, below 6 red. */
export const SCORE_THRESHOLDS = SCORE_BAND_THRESHOLDS;
export type ScoreBand = ScoreBandColour;
/** The one band rule every screen shares (`@parley/contracts`). */
export const scoreBand = scoreBandColour;

/** The default tone when the profile names none (spec section 9). */
export const DEFAULT_TONE = 'neutral';
/** The recorded audio type for voice input (spec section 9). */
export const RECORDING_MIME_TYPE = 'audio/webm';

/** The avatar emoji of AI messages by avatar_style: robot, teacher, otherwise a brain (spec section 2). */
export function avatarEmoji(style: string | null | undefined): string {
  if (style === 'robot') return '🤖';
  if (style === 'coach') return '👨‍🏫';
  return '🧠';
}
