import { FREE_SESSIONS_PER_MONTH } from '@parley/contracts/constants';

/*
 * The plan and support facts more than one page states, written once so the pages cannot contradict each
 * other (issue 31). Where the spec's own figures clash, the choice is made here:
 * - priority e-mail answers "within 4 hours" (the spec says both 2-4 hours and 4 hours; 4 covers both);
 * - priority support is not "24/7": live chat is staffed Mon-Fri 9AM-6PM EST (the Support page's hours);
 * - the free plan is 5 practice sessions a month, never "unlimited conversations".
 */

/** Priority (Premium) e-mail answers arrive within this many hours. */
export const PRIORITY_EMAIL_HOURS = 4;
/** When live chat (Premium) is staffed. */
export const LIVE_CHAT_HOURS = 'Mon-Fri 9AM-6PM EST';
/** Average answer time of ordinary e-mail support, in hours. */
export const EMAIL_RESPONSE_HOURS = 24;

export const PLAN_TEXTS = {
  freeSessions: `${FREE_SESSIONS_PER_MONTH} practice sessions a month`,
  prioritySupport: 'Priority support',
  prioritySupportDetail: `E-mail answers within ${PRIORITY_EMAIL_HOURS} hours; live chat ${LIVE_CHAT_HOURS}.`,
  prioritySupportShort: `Priority support: e-mail within ${PRIORITY_EMAIL_HOURS} hours, live chat ${LIVE_CHAT_HOURS}`,
} as const;
