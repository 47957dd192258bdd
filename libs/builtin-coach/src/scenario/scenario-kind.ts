import { type ScenarioCategory } from '@parley/contracts';
import { type ScenarioKind } from './kinds';

export type { ScenarioKind } from './kinds';

/*
 * The kind of conversation, read from a scenario's category or (for inline coaching, which only gets a
 * title and a description) from its words. What each kind values is the table in kinds.ts.
 */

const BY_CATEGORY: Record<ScenarioCategory, ScenarioKind> = {
  'job-interviews': 'interview',
  'customer-service': 'customer',
  sales: 'sales',
  'team-meetings': 'meeting',
  'conflict-resolution': 'conflict',
  networking: 'networking',
  'salary-negotiation': 'negotiation',
  'giving-feedback': 'feedback',
  'setting-boundaries': 'boundaries',
  'executive-communication': 'executive',
  'crisis-management': 'crisis',
};

/** Words that signal each kind; the kind with the most hits wins (earlier kinds win ties). */
const KEYWORDS: Array<[ScenarioKind, RegExp]> = [
  [
    'negotiation',
    /\b(salary|salaries|pay rise|(?:a|my|the|pay|your) raise|raise (?:of|to)|negotiat\w*|compensation|counter-?offers?|rate increase|been offered|(job|first|written) offer|offer letter|ask for more|market (data|rate)|band|equity|bonus|rate card|fee)\b/g,
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
