import { type ScenarioCategory } from '@parley/contracts';

/*
 * The kind of conversation, read from a scenario's category or (for inline coaching, which only gets a
 * title and a description) from its words. Coaching phrasing depends on it: a negotiation needs a
 * figure, a complaint needs an apology, a boundary needs an agreed rule.
 */

export type ScenarioKind =
  | 'negotiation'
  | 'feedback'
  | 'conflict'
  | 'boundaries'
  | 'customer'
  | 'sales'
  | 'interview'
  | 'meeting'
  | 'general';

const BY_CATEGORY: Record<ScenarioCategory, ScenarioKind> = {
  'job-interviews': 'interview',
  'customer-service': 'customer',
  sales: 'sales',
  'team-meetings': 'meeting',
  'conflict-resolution': 'conflict',
  networking: 'general',
  'salary-negotiation': 'negotiation',
  'giving-feedback': 'feedback',
  'setting-boundaries': 'boundaries',
  'executive-communication': 'meeting',
  'crisis-management': 'customer',
};

/** Words that signal each kind; the kind with the most hits wins (earlier kinds win ties). */
const KEYWORDS: Array<[ScenarioKind, RegExp]> = [
  [
    'negotiation',
    /\b(salary|salaries|pay rise|raise|negotiat\w*|compensation|counter-?offers?|rate increase|been offered|(job|first|written) offer|offer letter|ask for more|market (data|rate)|band|equity|bonus|rate card|fee)\b/g,
  ],
  [
    'interview',
    /\b(interview\w*|candidate|hiring|recruiter|panel|screen|tell me about yourself|weakness|hire you)\b/g,
  ],
  [
    'boundaries',
    /\b(boundar\w*|after-hours|say no|overtime|workload|weekends?|evenings?|late at night|after \d+ ?p\.?m|extra (project|work)|scope creep|availability|time off|vacation|decline|push back)\b/g,
  ],
  [
    'customer',
    /\b(customers?|clients? (complain\w*|called)|refund\w*|complain\w*|orders?|support|delivery|deliveries|outage|remedy|billing|charged|subscription|warranty|replacement|returns?|recall|breach|incident|crisis|press|journalist|downtime)\b/g,
  ],
  [
    'sales',
    /\b(sales|pitch\w*|prospects?|demo|discovery|renewal|deal|quote|buyer|procurement|upsell|pricing|cold call|leads?)\b/g,
  ],
  [
    'feedback',
    /\b(feedback|performance|deadlines?|underperform\w*|direct report|missed|late|quality|mistakes?|reports to you|your team member)\b/g,
  ],
  [
    'conflict',
    /\b(conflict|credit|disagree\w*|tension|argu\w*|upset|frustrat\w*|apolog\w*|roommate|flatmate|neighbou?rs?|noise|dishes|friend|sibling|landlord|resent\w*|fair share|rude|interrupt\w*|coworker|colleague)\b/g,
  ],
  [
    'meeting',
    /\b(meetings?|stand-?up|presentation|stakeholders?|board|executives?|ceo|cfo|leadership|investors?|all-hands|quarterly|agenda|retro\w*|kickoff|status update|steering)\b/g,
  ],
];

export function kindOfCategory(category: ScenarioCategory): ScenarioKind {
  return BY_CATEGORY[category];
}

/**
 * The winning kind needs at least two hits and a lead of two over the next. Measured against the 224
 * catalogue scenarios of the time of writing, this picks the category's kind for 43, a wrong kind for 15 and
 * 'general' for the rest; a looser rule (lead of one) gets 56 right but 26 wrong.
 */
const MIN_HITS = 2;
const MARGIN = 2;
export function kindOfText(title: string, description: string): ScenarioKind {
  const text = `${title} ${description}`.toLowerCase();
  const ranked = KEYWORDS.map(([kind, pattern]) => ({ kind, hits: text.match(pattern)?.length ?? 0 })).sort(
    (a, b) => b.hits - a.hits,
  );
  const [first, second] = ranked;
  // Only a clear winner picks a kind: generic phrasing beats phrasing for the wrong conversation.
  if (!first || first.hits < MIN_HITS || first.hits - (second?.hits ?? 0) < MARGIN) return 'general';
  return first.kind;
}

/** The instruction sentence of a description ("Ask for $57,000 politely..."), or its last sentence. */
export function goalOf(description: string): string {
  const sentences = description
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const imperative = sentences.find((s) =>
    /^(ask|agree|give|talk|tell|find|listen|explain|get|make|set|present|persuade|convince|negotiate|deliver|handle|calm|win|keep|state|describe|push|decline|share|pitch|close|thank|acknowledge|apologi[sz]e|propose|request|respond|reply|resolve|help|offer|clarify|defend|raise)\b/i.test(
      s,
    ),
  );
  return imperative ?? sentences[sentences.length - 1] ?? description.trim();
}

/** Kinds where the other person is likely upset, so a tense moment calls for naming the frustration. */
export function isEmotionalKind(kind: ScenarioKind): boolean {
  return ['conflict', 'boundaries', 'customer', 'feedback', 'general'].includes(kind);
}

/** An opening acknowledgement that fits the kind of conversation. */
export function acknowledgementFor(kind: ScenarioKind, tense: boolean): string {
  if (tense) return 'I can see this has been frustrating, and I want to sort it out with you.';
  switch (kind) {
    case 'negotiation':
      return 'Thank you — I appreciate you taking the time to discuss this.';
    case 'feedback':
      return 'I want this conversation to be genuinely useful for you.';
    case 'conflict':
      return 'I value working with you, and I want us to sort this out together.';
    case 'boundaries':
      return "I'm committed to this work, and I want us both to be able to do our best.";
    case 'customer':
      return "I'm really sorry about the trouble this has caused you.";
    case 'sales':
      return "I know your time is valuable, so I'll keep this focused on what matters to you.";
    case 'interview':
      return 'Thank you for the question.';
    case 'meeting':
      return 'I appreciate everyone weighing in on this.';
    case 'general':
      return 'I understand where you are coming from.';
  }
}

/** A concrete closing ask that fits the kind of conversation, using the learner's figure when there is one. */
export function askFor(kind: ScenarioKind, figure: string | undefined): string {
  switch (kind) {
    case 'negotiation':
      return figure ? `Would ${figure} work for you?` : 'Can we agree on a specific figure today?';
    case 'feedback':
      return 'What would help you make this change, and can we check in on it next week?';
    case 'conflict':
      return "Can we agree on how we'll handle this from now on?";
    case 'boundaries':
      return 'Can we agree on what counts as urgent and how it gets flagged?';
    case 'customer':
      return 'Would that put things right for you?';
    case 'sales':
      return 'Would a short demo this week, focused on that, be useful?';
    case 'interview':
      return 'Which part of that would you like me to go deeper on?';
    case 'meeting':
      return 'Can we agree on an owner and a date for the next step?';
    case 'general':
      return 'Can we agree on a next step today?';
  }
}

/** Where a reason belongs, with a bracketed slot for the fact only the learner knows. */
export function reasonFor(kind: ScenarioKind): string {
  switch (kind) {
    case 'negotiation':
      return "That's based on [the market figure or result that supports this number].";
    case 'feedback':
      return "I'm raising it because [the impact you saw on the team, a client or a deadline].";
    case 'conflict':
    case 'boundaries':
      return 'It matters to me because [the concrete impact on you or on the work].';
    case 'sales':
      return "I'm suggesting it because [the problem of theirs it solves].";
    case 'customer':
      return "That's because [what went wrong, in one sentence].";
    case 'interview':
      return 'For example, [one result of yours, with a number].';
    case 'meeting':
    case 'general':
      return "I'm asking because [your main reason, as a fact].";
  }
}
