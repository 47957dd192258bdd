import type { ScenarioCategory } from '@parley/contracts';

/**
 * What a partner of each kind asks when it wants to find something out. A persona never reads out what
 * it is privately assessing ("Find at least one concrete example of marketing work"); it asks the
 * question a person in its seat would ask, and the scenario's goal picks which one by the words they
 * share. To support a new category, add its questions here: each is a line in the partner's voice and
 * the words of a goal it serves.
 */
export interface AgendaQuestion {
  ask: string;
  about: string[];
  /** What the learner says that settles it before it is asked ("I'm so sorry" settles an apology). */
  done?: RegExp;
}

const q = (ask: string, about: string, done?: RegExp): AgendaQuestion => ({
  ask,
  about: about.split(' '),
  done,
});
/** The learner has said what went wrong or why ("We found that…", "The trouble is…", "…because…"). */
const EXPLAINED =
  /\b(?:because|the (?:problem|issue|reason|cause|trouble|thing) (?:is|was)|it turn(?:s|ed) out|turned out|(?:we|i) (?:found|discovered|realised|realized|noticed) (?:that|out)|what happened (?:is|was)|that'?s (?:why|because)|due to)\b/i;
const APOLOGISED = /\b(?:sorry|apologies|apologi[sz]e|that's on (?:me|us)|my (?:fault|mistake))\b/i;

/** The learner has said what they do ("I do marketing for…", "I'm a nurse", "I work in logistics"). */
export const SAID_WHAT_THEY_DO =
  /\b(?:i (?:do|work (?:in|on|for|at|as)|run|manage|lead|teach|own|started)|i'?m (?:a|an|in|the|with|at)|i am (?:a|an|in|the|with|at)|i(?:'ve| have) (?:spent|been working|worked) (?:the (?:last|past) )?(?:\w+ )?(?:years?|months?) (?:in|at|as|on|with)|i(?:'ve| have) been (?:a|an|in|at) |i'?m (?:(?:running|managing|leading|heading)(?= (?!late|out|behind|low|short|around|away|off|up|down|for)\w)|studying|reading|training|retraining|doing (?:a|my) (?:degree|masters|phd|course|apprenticeship))|i (?:study|studied|did my (?:placement|internship|degree|apprenticeship|training))|(?:final|first|second|third|last)[- ]year )\b/i;

export const AGENDA_BANK: Record<ScenarioCategory, AgendaQuestion[]> = {
  'job-interviews': [
    q(
      'Walk me through your background in a couple of minutes.',
      'summary background who story minute clear',
      SAID_WHAT_THEY_DO,
    ),
    q(
      'Can you give me one example where your work led to a result you could measure?',
      'example concrete result experience work customer marketing specific',
    ),
    q('What do you know about us, and what made you apply?', 'company know research appeals why role chain'),
    // "A problem like this" is a case put to the candidate: asked where a case is the matter, not wherever a
    // goal says "problem" or how someone "structures their day".
    q('How would you structure a problem like this before diving in?', 'framework case mece sizing estimate'),
    q(
      'When could you start, and does our schedule work for you?',
      'start availability logistics site schedule week',
    ),
    q(
      'How comfortable are you with the numbers side of the job?',
      'numbers arithmetic data analysis accuracy math',
    ),
    q("What's your recommendation, in one sentence?", 'recommendation crisp answer decision tied'),
    q(
      'Tell me about a time something went wrong. What did you do?',
      'mistake failure pressure difficult handle',
    ),
  ],
  'customer-service': [
    q('What actually went wrong, and why was nobody told?', 'why explanation happened told cause reason'),
    q("I'd like to hear someone say sorry and mean it.", 'apology sorry genuine', APOLOGISED),
    q('So what are you going to do about it, today?', 'fix refund replace resolve compensation remedy money'),
    q("How do I know this won't happen again?", 'again prevent guarantee system future'),
    q('When will it be sorted, exactly?', 'when date delivery time arrive'),
    q('Who do I talk to if this falls through?', 'contact name reach follow person'),
  ],
  sales: [
    q('What would this actually cost us, all in?', 'cost price total budget fees real'),
    q('How is this different from what we do now?', 'different current compare competitor switch'),
    q('How long would it take to get up and running?', 'setup time implementation onboarding running'),
    q('Who else like us is using it?', 'customers reference proof similar'),
    q("What happens if it doesn't work out for us?", 'risk cancel contract trial guarantee'),
    q('Why would I change anything right now?', 'change now urgency busy'),
  ],
  'team-meetings': [
    q('Any blockers I should know about?', 'blockers blocked stuck early'),
    q('Are we still on track for the deadline?', 'demo track deadline date schedule time'),
    q("What's the next step, and who owns it?", 'next owner owns action step'),
    q('What do you need from the rest of us?', 'need help support team'),
    q("What's the short version?", 'short brief summary quick concise'),
    q("What's the trade-off if we do it your way?", 'tradeoff decision option proposal norm rule'),
  ],
  'conflict-resolution': [
    q('So what exactly is the problem, from where you sit?', 'problem understand happened issue', EXPLAINED),
    q('What would you actually want to happen now?', 'want outcome solution agree fix'),
    q('Do you see any of this from my side?', 'side recognised acknowledged fair perspective'),
    q('What are you suggesting we do differently?', 'differently practice rule process change'),
    q('Is this really about this, or about something bigger?', 'bigger really history relationship'),
  ],
  networking: [
    q('So what do you do?', 'work role job company', SAID_WHAT_THEY_DO),
    q('What brings you here?', 'event conference reception here brings'),
    q('What are you working on at the moment?', 'working project learn useful', SAID_WHAT_THEY_DO),
    q('How did you get into that line of work?', 'career path started background'),
    q('Is there something specific I could help with?', 'help introduction contact referral specific'),
  ],
  'salary-negotiation': [
    q('What number did you have in mind?', 'number figure salary expect base pay'),
    q("What's that based on?", 'reason based data evidence market justify'),
    q(
      'Is there anything besides base pay that matters to you?',
      'benefits bonus equity vacation review package',
    ),
    q('When would you be able to give me an answer?', 'decide answer deadline sign accept close'),
  ],
  'giving-feedback': [
    q('Okay. What exactly did I do?', 'specific example what happened'),
    q('Is this about one time, or is it a pattern?', 'pattern time again often'),
    q('What do you want me to do differently?', 'change differently expect improve going forward'),
    q('Was there anything I did well?', 'well good positive strengths'),
    q('Does this affect my review?', 'review consequences performance job'),
  ],
  'setting-boundaries': [
    q('So what exactly are you asking me to stop?', 'stop asking exactly request'),
    q('What if something is genuinely urgent?', 'urgent emergency issues reach'),
    q('Is this really such a big deal?', 'deal matter serious'),
    q('What would work for you instead?', 'instead alternative work option'),
  ],
  'executive-communication': [
    q("What's the bottom line?", 'bottom line recommendation crisp point'),
    q('What do you need from me today?', 'decision need ask approve'),
    q("What's the risk if we don't?", 'risk cost impact consequence'),
    q('How confident are you in those numbers?', 'numbers confidence data forecast miss'),
    q('What happens next, and when?', 'next timeline plan date'),
  ],
  'crisis-management': [
    q('What exactly happened?', 'happened facts cause know'),
    q('Who is affected, and how many?', 'affected people residents patients many'),
    q('What are you doing about it right now?', 'doing action fix response'),
    q('When will we know more?', 'when know update round next'),
    q("Why weren't we told sooner?", 'told sooner warned informed why'),
    q('What should people do in the meantime?', 'meantime safe advice should'),
  ],
};

/**
 * What the other person asks in a situation the learner wrote: the learner came to them with something,
 * so they ask what it is, why, and what it would mean for them, never another kind of conversation's
 * questions ("What exactly did I do?" to someone asking for leave).
 */
/**
 * The learner says what they want ("I'd like…", "could you…", "the boiler needs replacing"): what they are
 * asking for is known. "I'd like to talk about my rota" names a subject and asks nothing yet.
 */
export const STATED_ASK =
  /\b(?:i(?: (?:(?:just|really|only|simply) )?(?:want|need|would like|am asking)|['\u2019](?:d (?:(?:just|really|only|simply) )?like|m asking))(?! to (?:talk|discuss|chat|speak|raise|mention|go over|run through|bring up|tell you|update you|explain|be (?:upfront|honest|clear|straight|open|frank))\b)|i want to ask|i(?:'m| am) requesting|i(?:'m| am) (?:entitled|owed|due) (?:to )?(?:a|an|the|my|some|\u00a3|\$|\d)|i expect (?:a|an|the|my|you)|(?:could|can|would|will) you|please|i(?:'m| am) (?:here|calling|ringing|writing) to|i(?:'ve| have) come to)\b|\bneeds? (?:to be |(?:the |a |an |its |their |some )?[a-z]+(?: [a-z]+)? )?(?:replac|fix|treat|sort|repair|clean|chang|remov|check|servic|redo|redon)(?:ed|ing)?\b/i;
/** The learner puts an idea on the table ("what if…", "maybe we…", "I propose…"). */
const PROPOSED =
  /\b(?:how about|what if|what about|(?:could|can|shall) we|maybe (?:we|you)|we could|i (?:suggest|propose)|my (?:idea|suggestion))\b/i;

/** Once the learner says what they want or suggests something, what they suggest is known. */
const PROPOSED_OR_ASKED = new RegExp(`${PROPOSED.source}|${STATED_ASK.source}`, 'i');

export const OWN_AGENDA: AgendaQuestion[] = [
  q('What would you like to happen?', 'exactly asked asking understand want need', STATED_ASK),
  q('What would that mean for me in practice?', 'mean practice affect cost time change'),
  q('What would you suggest?', 'suggest suggests idea solution propose', PROPOSED_OR_ASKED),
  q('When will this be sorted?', 'when sorted fixed date time'),
  q('Why is this coming up now?', 'why reason now'),
];

/**
 * A stock question in the voice of someone who speaks only for themselves (a shopper, a homeowner): "What
 * would this actually cost us?" is "…cost me?"; a question about their boss or their team is not theirs.
 */
export function forOne(line: string): string | null {
  if (/\b(?:my boss|the team|the board|we|we're|we've)\b/i.test(line)) return null;
  return line
    .replace(/\bus\b/g, 'me')
    .replace(/\bour\b/g, 'my')
    .replace(/\bours\b/g, 'mine');
}

/** The category's question that serves a goal best (most shared words), among those not yet taken. */
export function questionFor(
  category: ScenarioCategory,
  goalTerms: ReadonlySet<string>,
  taken: Set<string>,
  own = false,
): AgendaQuestion | null {
  const options = (own ? OWN_AGENDA : AGENDA_BANK[category]).filter((o) => !taken.has(o.ask));
  let best: AgendaQuestion | undefined;
  let bestScore = -1;
  for (const option of options) {
    const score = option.about.filter((w) =>
      [...goalTerms].some((t) => t.startsWith(w) || w.startsWith(t)),
    ).length;
    if (score > bestScore) {
      best = option;
      bestScore = score;
    }
  }
  if (!best) return null;
  taken.add(best.ask);
  return best;
}
