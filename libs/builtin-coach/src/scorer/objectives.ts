import { type ObjectiveCheck, type ScenarioDefinition } from '@parley/contracts';
import { type LineAct, lineActs } from '../text/line-acts';
import { type FigureKind, extractFigures } from '../text/figures';
import { analyseText, normalise } from '../text/nlp';
import { WEAK_ACKNOWLEDGEMENT, WH_WORD } from './cues';
import { type LineFeatures, contentLemmas } from './line-features';

/*
 * The scenario's learner objectives, checked one by one. An objective is met by the one learner line
 * that shares enough of its content words (or shows the behaviour it names: see addBehaviourLemmas),
 * and that line is given back verbatim with its index in the transcript. Words of the scenario's own
 * title do not count (naming the topic is not meeting an objective), nor does a line too short, too
 * hedged or too hostile to meet anything. Objectives about the whole conversation ("keep your
 * composure", "avoid accepting on the spot") are not met when any line breaks them. An objective no line
 * met is called missed only where no line may do what it asks (OBJECTIVE_ACTS); otherwise it is unsure.
 */

export interface ObjectiveResult extends ObjectiveCheck {
  /** The line that met it, for the rubric's relevance points. */
  source?: LineFeatures;
  /** The scenario's strong response closest to this objective, as an example for a suggestion. */
  example?: string;
}

/** Fewer words than this cannot meet an objective. */
const MIN_WORDS = 6;

export const hostile = (l: LineFeatures): boolean =>
  l.dismissive.length + l.blame.length + l.harsh.length + l.hostileQuestions.length + l.threats.length > 0;

/** Objectives about the whole conversation, and the lines that break them. */
const CONDITIONS: Array<{ objective: RegExp; broken: (l: LineFeatures) => boolean }> = [
  {
    objective:
      /\b(calm\w*|respectful\w*|composure|collaborative|judg\w*|tone|relationship|defensive\w*|supported|without (calling|blam\w*|shifting))\b/i,
    broken: hostile,
  },
  { objective: /\b(avoid accepting|on the spot|without letting)\b/i, broken: (l) => l.caving.length > 0 },
];

/**
 * "How's your week going?", "How are you?", "Good weekend?": a question of manners, asked of anyone, finds
 * out nothing the conversation is about.
 */
export const PLEASANTRY_QUESTION =
  /^\W*(?:(?:hey|hi|hiya|hello|alright|morning|so|and)(?:,? [A-Z][\w'-]*)?\W+)?(?:how(?:'s| is| are| was| were| have| has)? (?:you|ya|your (?:week|day|weekend|morning|holiday|family)|things|everything|it going|life|the (?:week|day|weekend|family|kids))\b[^?]{0,25}|(?:good|nice|busy) (?:weekend|week|day|holiday)|you (?:ok|okay|alright|good))\W*$/i;
const asksAboutTheMatter = (q: { text: string }): boolean => !PLEASANTRY_QUESTION.test(q.text.trim());

/**
 * What an objective asks the learner to do, by its opening words, and what a line must show to have done
 * it: "Acknowledge the delay…" is met by a line that acknowledges, not by any line that names the delay;
 * "Accept that base pay is capped" is not met by "would $112,000 be possible?". An objective that opens
 * with none of these (or with "avoid", "resist": about the whole conversation) has no such gate.
 */
const has = (pattern: RegExp) => (l: LineFeatures) => pattern.test(l.text);
/** The corpus classifier's sure reading (text/line-acts.ts) finds one of these acts in the line. */
const sure = (l: LineFeatures, ...acts: LineAct[]): boolean => {
  const found = lineActs().actsOf(l.text);
  return acts.some((act) => found.has(act));
};
const OWNS_IT = has(
  /\b(?:my (?:decision|responsibility|call|fault|mistake)|i (?:made|take|own) (?:the|that|this|full)|on me|i decided|i'?m responsible|i should have)\b/i,
);
/** A line that asks nothing but leave to raise something: "Can I bring something up? It's a bit awkward." */
const ONLY_LEAVE_TO_TALK =
  /^(?:(?:hey|hi|hiya|hello)\b[^.?!]*[.!,]\s*)?(?:so,? )?(?:can|could|may) (?:i|we) (?:ask you something|bring (?:something|this|it) up|raise something|say something|talk to you|have a (?:word|minute|quick word|chat))\b[^.?!]*\?(?:\s*[^?]*[.!])?\s*$/i;

const OBJECTIVE_MOVES: Array<{
  objective: RegExp;
  shows: (l: LineFeatures) => boolean;
  /** The move is the objective ("Acknowledge the impact…"): a line that shows it meets it, words aside. */
  moveIsEnough?: true;
  /** Only the learner's last lines can meet it ("Close the call with a next step…"). */
  atTheEnd?: true;
  /**
   * The move meets it, words aside, only when its object is the other person's feelings or view
   * ("Acknowledge the frustration"), not a thing a line must name ("…his financial contribution").
   */
  aboutItsObject?: true;
  /** Of the lines that show the move, these meet it first ("that's on me" before "sorry, I'm nervous"). */
  firstly?: (l: LineFeatures) => boolean;
}> = [
  {
    objective:
      /^(?:(?:close|end|finish|wrap up)\b.*\bnext steps?\b|agree (?:on )?(?:a |the )?next steps?\b)/i,
    shows: (l) =>
      l.nextSteps.length + l.summaries.length > 0 ||
      has(/\b(?:i'?ll|we'?ll|next step|to recap|so to recap|i will|we will)\b/i)(l),
    moveIsEnough: true,
    atTheEnd: true,
  },
  {
    objective:
      /^(?:acknowledge|listen|validate|recogni[sz]e|show (?:\w+ )?(?:empathy|understanding|that you understand)|empathi[sz]e)\b/i,
    shows: (l) =>
      l.acknowledgements.some((a) => !WEAK_ACKNOWLEDGEMENT.test(a.text)) ||
      l.emotionsNamed.length + l.apologies.length > 0 ||
      // "I know you pay for her physio every week, and that helps": recognising what they do.
      has(
        /\b(?:i (?:do |really )?know (?:that )?you|i (?:really )?appreciate|grateful|thanks? (?:you )?for|that helps)\b/i,
      )(l),
    moveIsEnough: true,
    aboutItsObject: true,
  },
  // Asking open questions is the objective; what they are for ("…to find the real cause") is the context.
  {
    objective: /^ask (?:\w+ )?open questions?\b/i,
    shows: (l) => l.openQuestions.some(asksAboutTheMatter),
    moveIsEnough: true,
  },
  {
    // "Ask the VP at least one thoughtful question about…" asks for a question, however many words come between.
    objective:
      /^(?:ask (?:[\w'-]+ ){0,6}questions?|ask (?:about|what|how|why)|find out|explore|uncover|discover)\b/i,
    shows: (l) =>
      [...l.openQuestions, ...l.closedQuestions].some(asksAboutTheMatter) ||
      // "Has something changed for him lately?" finds out about someone else: any question of the matter.
      ((sure(l, 'open-question', 'closed-question') || /\w[^.?!]*\?/.test(l.text)) &&
        !PLEASANTRY_QUESTION.test(l.text.trim())),
  },
  {
    objective: /^(?:ask (?:for|her|him|them|to)|request|make a (?:\w+ )?(?:request|ask))\b/i,
    // "I want that £400 back" asks as plainly as "could you…". ("Can I bring something up?" asks only leave
    // to speak.)
    shows: (l) =>
      !ONLY_LEAVE_TO_TALK.test(l.text) &&
      (l.asks.length + l.openQuestions.length + l.closedQuestions.length > 0 ||
        /\?/.test(l.text) ||
        /\b(?:i|we)(?:'d| would)? (?:really |just |still )?(?:want|need|would like|'d like|expect)\b/i.test(
          l.text,
        ) ||
        sure(l, 'ask')),
    // "Could you do 200 a month from October?" is the ask, before any other line with a question in it.
    firstly: (l) =>
      l.asks.length > 0 ||
      /\b(?:could|can|would|will) you\b|\b(?:i'?m asking (?:for|you)|i'?d like you to|i need you to)\b/i.test(
        l.text,
      ),
  },
  {
    objective: /^quantify\b/i,
    shows: has(
      /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|half|dozen)\b/i,
    ),
  },
  {
    objective: /^(?:propose|offer|suggest|recommend|put forward)\b/i,
    shows: (l) =>
      l.alternatives.length > 0 ||
      sure(l, 'ask') ||
      has(
        // ("I'll be straight with you" says how they will speak, and offers nothing.)
        /\b(?:i (?:recommend|suggest|propose|can offer|could offer)|how about|what if|could we|would you consider|instead|options?|what i can do|i'?ll(?! be (?:straight|honest|frank|clear|upfront|blunt|open)\b)|i(?:'d| would) (?!like|love|hate|rather|prefer|want|need|feel|have|be|say|think|guess|hope|imagine)\w+)\b/i,
      )(l),
  },
  {
    objective: /^(?:take (?:\w+ )*(?:responsibility|ownership)|own\b|apologi[sz]e)/i,
    // Owning it is the objective: a line that apologises or takes responsibility meets it, words aside.
    moveIsEnough: true,
    shows: (l) => l.apologies.length > 0 || sure(l, 'apology') || OWNS_IT(l),
    firstly: (l) => OWNS_IT(l) || sure(l, 'apology'),
  },
  // "Merci", "cheers", "that means a lot": thanks in other words.
  {
    objective: /^thank\b/i,
    shows: has(
      /\b(?:thank|appreciate|merci|gracias|danke|cheers|grateful|(?:that|it|this) (?:really |genuinely )?means a lot)/i,
    ),
  },
  // "Explain why…" asks for the reason, whatever it is about.
  {
    objective: /^(?:explain|say|tell \w+) why\b/i,
    shows: (l) => l.reasons.length + l.evidence.length > 0 || sure(l, 'reason'),
    moveIsEnough: true,
  },
  {
    objective: /^(?:summari[sz]e|recap|confirm|restate)\b/i,
    shows: (l) =>
      l.summaries.length + l.nextSteps.length > 0 ||
      has(/\b(?:to recap|to confirm|confirm|so we|so,? (?:you|we)'?ll)\b/i)(l),
  },
  {
    objective: /^(?:agree|settle|align|reach)\b/i,
    shows: (l) =>
      l.nextSteps.length + l.alternatives.length + l.asks.length + l.collaboration.length > 0 ||
      // "Deal?" closes an agreement; "not a big deal" does not.
      has(/\b(?:agree|let'?s|could we|we'?ll)\b|\bdeal\s*[?.!]*\s*$|\bit'?s a deal\b/i)(l),
  },
  {
    objective:
      /^(?:(?:give|offer|provide|present|share) (?:\w+ )*?(?:evidence|reasons?|examples?|data)|(?:support|back up) (?:your|the|it|this)\b.*\b(?:facts?|data|examples?|evidence|reasons?))\b/i,
    shows: (l) => l.reasons.length + l.evidence.length + l.specifics.length > 0,
  },
  {
    objective: /^(?:express|show) (?:\w+ )?(?:enthusiasm|excitement|interest|appreciation|gratitude)\b/i,
    shows: (l) => l.positiveTone || has(/\b(?:excit|glad|thrill|love|appreciat|thank|delighted)/i)(l),
  },
  {
    objective: /^accept that\b/i,
    shows: (l) =>
      has(
        /\b(?:i understand|i accept|i know|i see|given that|if (?:the )?\w+ (?:can(?:not|'t)|is fixed|is capped))\b/i,
      )(l),
  },
  {
    objective: /^(?:make|set) (?:\w+ )*commitments?\b/i,
    shows: (l) => l.nextSteps.length > 0 || (l.specifics.length > 0 && has(/\b(?:i'?ll|we'?ll|will)\b/i)(l)),
  },
  {
    objective: /^exchange contact/i,
    shows: has(/\b(?:email|number|linkedin|card|contact|connect)\b/i),
  },
];

/**
 * What a line must do, in the acts of data/learner-lines, for an objective that opens with these words to
 * be met: where the classifiers' wide reading finds no line that may do any of them, the objective is
 * missed; where some line may, and no line met it by its words, the check is unsure. An objective that
 * opens otherwise ("Keep the update under two minutes") is never called missed on the words alone.
 */
const OBJECTIVE_ACTS: Array<{ objective: RegExp; acts: LineAct[] }> = [
  { objective: /^ask (?:\w+ )?open questions?\b/i, acts: ['open-question'] },
  {
    objective:
      /^(?:ask (?:\w+ )?(?:open )?questions?|ask (?:about|what|how|why|who|when|where|whether|if)|find out|explore|uncover|discover|learn|check whether|probe)\b/i,
    acts: ['open-question', 'closed-question'],
  },
  {
    objective:
      /^(?:ask (?:for|her|him|them|to)|request|make (?:a |an )?(?:\w+ )?(?:request|ask|proposal|offer)|propose|offer|suggest|recommend|put forward|negotiate)\b/i,
    acts: ['ask'],
  },
  {
    objective:
      /^(?:acknowledge|listen|validate|recogni[sz]e|empathi[sz]e|show (?:empathy|understanding|genuine|that you understand))\b/i,
    acts: ['empathy', 'apology'],
  },
  { objective: /^(?:apologi[sz]e|take (?:\w+ )*(?:responsibility|ownership)|own\b)/i, acts: ['apology'] },
  {
    objective: /^(?:explain why|justify|give (?:\w+ )*reasons?|back (?:up|it)|support (?:it|your|the))\b/i,
    acts: ['reason'],
  },
  {
    objective: /^(?:quantify|name the (?:number|amount|figure)|state the (?:number|amount|figure))\b/i,
    acts: ['figures'],
  },
  {
    objective: /^(?:close|end|finish|wrap up|summari[sz]e|recap|agree (?:on )?(?:a |the )?next steps?)\b/i,
    acts: ['close'],
  },
];

/**
 * What a line cannot do an act without: an open question is one the rubric reads as open or one with a
 * question word ("I want to understand why…"); a closed one, one the rubric reads as a question or one
 * with a question mark. Where no line has them, no line asked.
 */
const WITHOUT_IT_NOT: Partial<Record<LineAct, (l: LineFeatures) => boolean>> = {
  'open-question': (l) => l.openQuestions.length > 0 || WH_WORD.test(normalise(l.text)),
  'closed-question': (l) => l.closedQuestions.length > 0 || l.text.includes('?'),
};

/** Objectives that ask for an amount named: "a specific figure", "a clear number", "name your rate". */
const NAMES_AN_AMOUNT =
  /\b(?:specific|exact|concrete|clear|precise|firm|target) (?:\w+ ){0,2}(?:amount|figure|number|sum|rate|price|salary|fee|range|budget)\b|\bname (?:a|the|your) (?:number|figure|price|rate|amount)\b/i;
const hasFigure = (l: LineFeatures): boolean =>
  /\d/.test(l.text) || /\b(?:hundred|thousand|million|grand)\b/i.test(l.text);

export function checkObjectives(lines: LineFeatures[], scenario: ScenarioDefinition): ObjectiveResult[] {
  return scenario.learnerObjectives.map((objective) => {
    const move = OBJECTIVE_MOVES.find((m) => m.objective.test(objective.trim()));
    // The objective's own verb says what the learner does, not a word they say: "Leave with a concrete
    // commitment" is not met by "since she left", nor "Describe the load" by a line with "describe" in it.
    // Where a move is the gate ("Thank her for…"), the move checks the verb.
    const verb = contentLemmas(analyseText(objective.trim().split(/\s+/)[0] ?? ''));
    const candidates = move?.atTheEnd ? lines.slice(-3) : lines;
    const showing = move ? candidates.filter(move.shows) : candidates;
    // "Take personal ownership: give your name and a direct way to follow up": what follows the colon is
    // what the objective asks for, so a line that shows the move is enough only if it also says some of it.
    // So does what follows "including": "Acknowledge his request honestly, including the real wait time".
    const including = /\bincluding\b/i.exec(objective);
    const spelledOut = objective.includes(':')
      ? objective.slice(objective.indexOf(':') + 1)
      : including
        ? objective.slice(including.index + including[0].length)
        : undefined;
    const enough = (l: LineFeatures): boolean =>
      eligible(l) && (!spelledOut || bestLine(spelledOut, [l], scenario, verb) !== undefined);
    // "Offer something else I can do" names nothing but the move: a line that shows it meets it. So does
    // "Acknowledge how she feels"; "Acknowledge his financial contribution" needs a line about it.
    const object = objectWords(objective, scenario, verb);
    const bare = object.every((w) => ACTION_WORDS.has(w));
    // What the move is of, in the objective's first clause ("Listen to the manager's side" and …), the
    // other person ("the manager") being no thing a line must name.
    const person = contentLemmas(analyseText(scenario.aiRole));
    // "Listen, and acknowledge the anniversary and her parents": the move's clauses run on until one names
    // another move, and what they name is what the move is of.
    const clauses = objective.split(/\s*(?:,\s*)?\band\s+/i);
    const other = clauses.findIndex(
      (part, i) => i > 0 && OBJECTIVE_MOVES.some((m) => m !== move && m.objective.test(part.trim())),
    );
    const ofWhat = objectWords(
      clauses.slice(0, other < 0 ? undefined : other).join(' and '),
      scenario,
      verb,
    ).filter((w) => !person.has(w) && !PEOPLE.has(w));
    const byMove =
      move && (bare || (move.moveIsEnough && (!move.aboutItsObject || ofWhat.every((w) => FELT.has(w)))));
    const ordered = move?.firstly
      ? [...showing.filter(move.firstly), ...showing.filter((l) => !move.firstly!(l))]
      : showing;
    // "Ask for a specific relocation amount": only a line with a figure in it names one.
    const named = NAMES_AN_AMOUNT.test(objective) ? showing.filter(hasFigure) : showing;
    const match =
      bestLine(objective, named, scenario, verb) ??
      (byMove ? ordered.filter((l) => named.includes(l)).find(enough) : undefined);
    const spoiled = CONDITIONS.some((c) => c.objective.test(objective) && lines.some(c.broken));
    const example = closest(objective, scenario.strongResponses);
    if (spoiled) return { objective, met: false, ...(example ? { example } : {}) };
    const reader = lineActs();
    /** No line may do what the words ask, by the acts they name: the objective is missed, not unsure. */
    const missedBy = (words: string): boolean => {
      const acts = OBJECTIVE_ACTS.find((o) => o.objective.test(words))?.acts;
      return (
        acts !== undefined &&
        !candidates.some((l) =>
          acts.some((act) => reader.mayDo(l.text, act) && (WITHOUT_IT_NOT[act]?.(l) ?? true)),
        )
      );
    };
    // "Listen to their side and ask open questions" asks for both: a line that only listened has not met
    // it. Each further move the objective names after "and" must be shown by some line too.
    const unmetPart = objective
      .split(/\s*(?:,\s*)?\band\s+(?:then\s+)?/i)
      .slice(1)
      .map((part) => part.trim())
      .find((part) => {
        const other = OBJECTIVE_MOVES.find((m) => m.objective.test(part));
        return other !== undefined && other !== move && !lines.some(other.shows);
      });
    if (!match || unmetPart !== undefined) {
      // A question of another kind ("Is there anything that could help?") leaves "ask open questions" unsure.
      const missed = unmetPart
        ? missedBy(unmetPart) && !candidates.some((l) => l.text.includes('?'))
        : missedBy(objective.trim());
      return { objective, met: false, ...(missed ? {} : { unsure: true }), ...(example ? { example } : {}) };
    }
    return {
      objective,
      met: true,
      line: match.text,
      index: match.messageIndex,
      source: match,
      ...(example ? { example } : {}),
    };
  });
}

/** The line that best meets a target (an objective or a strong response), if any meets it. */
export function bestLine(
  target: string,
  lines: LineFeatures[],
  scenario: ScenarioDefinition,
  skip: ReadonlySet<string> = new Set(),
): LineFeatures | undefined {
  const core = exampleless(target);
  const wanted = objectWords(target, scenario, skip);
  const needed = wanted.length <= 4 ? 1 : wanted.length <= 7 ? 2 : 3;
  // "We didn't agree to the tiles" does not meet "Get all agreed terms in writing": a word counts only
  // when it is negated in both or in neither ("Tell her I can't be a bridesmaid" / "I can't be one").
  const deniedInTarget = deniedLemmas(analyseText(core));
  const owners = new Set(
    [...core.matchAll(/\b([a-z]+)['\u2019]s?\s+(?=[a-z])/gi)]
      .filter(
        (m) =>
          !/^(?:it|that|there|what|who|he|she|let)$/i.test(m[1]!) && /['\u2019]s\s|s['\u2019]\s/i.test(m[0]),
      )
      .flatMap((m) => [...contentLemmas(analyseText(m[1]!))]),
  );
  let best: { line: LineFeatures; overlap: number; head: number } | undefined;
  for (const line of lines) {
    if (!eligible(line)) continue;
    const said = (lemma: string): boolean => SAID_AS[lemma]?.(line) ?? false;
    const denied = deniedLemmas(line.analysed);
    const shared = wanted.filter(
      (lemma) => (line.lemmas.has(lemma) && denied.has(lemma) === deniedInTarget.has(lemma)) || said(lemma),
    );
    // Behaviour alone ("asks a question") does not meet "Ask open questions about how orders work":
    // at least one of the objective's words must be the learner's own (or its everyday equivalent).
    const own = contentLemmas(line.analysed);
    // "Offer a supervisor call-back, with a time" is not met by "refund in 3 to 5 days" on its time alone:
    // an objective of three or more words needs one of them in the learner's own words.
    // Met by the everyday equivalents alone (SAID_AS), it takes two of them unless it names only one.
    // Every one of the objective's words said ("Ask for a specific number and give one or two reasons" by
    // "Based on salary data…, would 57,000 be possible?") is met, in whatever words.
    const anchored =
      wanted.length >= 3
        ? shared.some((lemma) => own.has(lemma)) || shared.length === wanted.length
        : shared.some((lemma) => own.has(lemma)) || shared.length >= Math.min(2, wanted.length);
    // "with a time" is not met by any line that names a day: words of the calendar alone meet nothing. Nor
    // does the owner in "the team's time": "means a lot to the team" says nothing of the team's time.
    const overlap =
      anchored &&
      shared.some((lemma) => !CALENDAR_WORDS.has(lemma) && !TOO_GENERAL.has(lemma)) &&
      shared.some((lemma) => !owners.has(lemma))
        ? shared.length
        : 0;
    // Between lines that share as many words, the one with the objective's head wins: "Explain the
    // investigation, her rights and…" is met by the line about the investigation before one with "every
    // right to be angry". The objective names first what it is most about.
    const head = Math.min(...shared.map((lemma) => wanted.indexOf(lemma)));
    if (!best || overlap > best.overlap || (overlap > 0 && overlap === best.overlap && head < best.head))
      best = { line, overlap, head };
  }
  return best && best.overlap >= needed && wanted.length > 0 ? best.line : undefined;
}

/** "Give the VP a useful role, such as updating executives": the objective without its example. */
const exampleless = (target: string): string =>
  target.replace(/[,(;:]?\s*\b(?:such as|for example|for instance|e\.g\.)\s.*$/i, '');

/**
 * The words a line must share to meet a target. Words of the scenario's title do not count (naming the
 * topic is not meeting an objective) unless the target is about nothing else: "Say no to hosting
 * clearly" in "Saying no to hosting Christmas" is about hosting. How it is done ("clearly", "calmly")
 * is not a word a line must say.
 */
export function objectWords(
  target: string,
  scenario: ScenarioDefinition,
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const topic = contentLemmas(analyseText(scenario.title));
  // "Give the VP a useful role, such as updating executives": the example illustrates the objective; a
  // line that only shares the example's words ("the next update is at three") has not met it.
  const core = exampleless(target);
  // The other person's name is in many lines and says nothing about meeting the objective.
  const names = new Set(scenario.persona.name.toLowerCase().split(/\s+/));
  const pick = (withTopic: boolean): string[] => {
    const words = (text: string): string[] =>
      [...contentLemmas(analyseText(text))].filter(
        (l) => (withTopic || !topic.has(l)) && !skip.has(l) && !names.has(l) && !MANNER.has(l),
      );
    const all = words(core).length > 0 ? words(core) : words(target);
    // "Ask for the agreed terms in writing" is met by what is asked for (terms, writing), not by any line
    // with "ask" in it: the objective's action words count only when it has nothing else.
    const content = all.filter((l) => !ACTION_WORDS.has(l));
    return content.length > 0 ? content : all;
  };
  const own = pick(false);
  return own.some((l) => !ACTION_WORDS.has(l)) ? own : pick(true);
}

/**
 * What an acknowledgement is of when it is of the person (their feelings, their side, what they went
 * through) or of what went wrong, which an apology acknowledges whatever it names.
 */
const FELT = new Set(
  `feel feeling frustration frustrate concern worry emotion side perspective view point upset anger angry
  disappointment disappoint stress situation experience position fear pain hurt loss grief hesitation stall
  reluctance doubt anxiety annoyance inconvenience impact effect person customer other mistake error fault
  wrong delay problem failure part`.split(/\s+/),
);

/** Who an objective may name as the other person: "Listen to the manager's side". */
const PEOPLE = new Set(
  `manager boss colleague coworker customer client partner friend team member employee report candidate
  interviewer recruiter landlord tenant neighbour neighbor brother sister mother father parent child son
  daughter owner buyer seller guest patient family teacher student peer stakeholder director`.split(/\s+/),
);

/** How a thing is said, which no line needs to name. */
const MANNER = new Set(
  `clearly calmly briefly directly honestly gently politely firmly respectfully specifically quickly factually
  concisely confidently professionally genuinely sincerely openly properly carefully kindly warmly plainly
  explicitly tactfully constructively firm real clear genuine`.split(/\s+/),
);

/** Lemmas said only under a "not", "n't", "never" or "no" a few words before them. */
function deniedLemmas(analysed: ReturnType<typeof analyseText>): Set<string> {
  const plain = new Set<string>();
  const denied = new Set<string>();
  for (const token of analysed.tokens) {
    const negated = analysed.tokens
      .slice(Math.max(0, token.index - 3), token.index)
      .some((t) => /^(?:not|n't|never|no)$/.test(t.lower));
    (negated ? denied : plain).add(token.lemma.toLowerCase());
  }
  return new Set([...denied].filter((lemma) => !plain.has(lemma)));
}

const CALENDAR_WORDS = new Set(['time', 'day', 'week', 'month', 'year', 'today', 'tomorrow', 'now', 'date']);
/**
 * Words too general to carry an objective alone: "Prove you can deliver value in the role quickly" is not
 * met by "my role moved under a new VP".
 */
const TOO_GENERAL = new Set(['role', 'job', 'work', 'company', 'thing', 'way', 'place', 'business', 'stuff']);

/** Verbs that say what to do with something, not what it is about ("ask" reads as "question"). */
const ACTION_WORDS = new Set(
  'ask question give make show keep get say tell take use let try bring put find help need want go come set'.split(
    ' ',
  ),
);

/**
 * How learners say an objective's words without using them: "would $57,000 be possible?" names a
 * number, "based on that data" gives a reason, "take a day to review it before I sign" asks for time
 * to consider before accepting.
 */
/** A line that names a figure of one of these kinds (text/figures.ts). */
const namesFigure =
  (...kinds: FigureKind[]) =>
  (l: LineFeatures): boolean =>
    extractFigures(l.text).some((f) => kinds.includes(f.kind));

const SAID_AS: Record<string, (l: LineFeatures) => boolean> = {
  number: has(/\d/),
  figure: has(/\d/),
  amount: has(/\d/),
  // The rubric's reasons and evidence ("I passed two CPA exams"), or the corpus reading (text/line-acts.ts).
  reason: (l) =>
    l.reasons.length + l.evidence.length > 0 ||
    has(/\b(?:because|since|based on|data|evidence|so that|as)\b|, so (?:i|we)\b/i)(l) ||
    lineActs().actsOf(l.text).has('reason'),
  // "Ask for a specific raise": a line that names the amount, the date or the time asked for.
  // ("Have you got two minutes?" names a duration, not what is asked for.)
  specific: namesFigure('money', 'percent', 'number', 'date'),
  price: namesFigure('money'),
  // "Set a deadline for the payment": "I need the money by 15 November".
  deadline: (l) => namesFigure('date')(l) && has(/\b(?:by|before|no later than|until)\b/i)(l),
  payment: (l) => namesFigure('money')(l) || has(/\b(?:pay|paid|paying|money|refund|transfer)\b/i)(l),
  // "Get a specific commitment": "can you promise me…", "will you…", "I'll do it by Friday".
  commitment: has(/\b(?:promise|commit|committed|give me your word|agreed?|will you|i'?ll|we'?ll)\b/i),
  cost: namesFigure('money'),
  date: namesFigure('date'),
  time: (l) =>
    namesFigure('date', 'time', 'duration')(l) ||
    has(/\b(?:a day|a few days|a week|tomorrow|overnight|an hour|the weekend)\b/i)(l),
  // "Review it tonight" considers; "a review after six months" is something else asked for.
  consider: has(
    /\b(?:review (?:it|this|that|the (?:offer|contract|details|numbers|terms))|think (?:it )?over|think about|reflect|look (?:it )?over|sleep on)\b/i,
  ),
  accept: has(/\b(?:sign|say yes|agree to (?:it|the offer)|take the offer)\b/i),
  // "Put it in an email", "send me a letter": in writing.
  write: has(/\b(?:e-?mail|in writing|written|letter|text me|message me)\b/i),
  contact: has(/\b(?:linkedin|e-?mail|phone number|your number|numbers|card|contact)\b/i),
  // "I'd love to hear how your beta goes", "can I ping you next week": a reason to get back in touch.
  follow: has(
    /\b(?:hear how|catch up|ping you|follow up|get back to you|send you|keep in touch|stay in touch)\b/i,
  ),
};

/**
 * A line that only names what the talk will be about ("I would like to discuss my timeline", "I'm calling
 * about the boiler"), perhaps after a greeting or a thank-you for the time, has said what it is about and
 * done none of it yet.
 */
const NAMES_THE_TOPIC =
  /^(?:so,? )?(?:i(?:'d| would)? (?:like|want|wanted|need|needed|have) to (?:discuss|talk|chat|speak|go over|run through|raise|ask you|ask about)\b(?: about)?|i(?:'m| am) (?:calling|ringing|writing|here) (?:about|regarding|because of)\b|(?:can|could) (?:we|i) (?:have a (?:word|chat)|talk|chat)\b)[^.?!]*[.?!]*$/i;
const GREETS =
  /^(?:(?:hi|hiya|heya|hello|hey|good (?:morning|afternoon|evening)|morning|evening)\b[^.?!]*|(?:thanks|thank you)(?: so much| very much)? for (?:seeing|meeting|having|making|taking|picking|calling|the time)\b[^.?!]*)[.?!]*$/i;
const opensOnly = (text: string): boolean => {
  const sentences = text
    .split(/(?<=[.?!])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    sentences.some((s) => NAMES_THE_TOPIC.test(s)) &&
    sentences.every((s) => NAMES_THE_TOPIC.test(s) || GREETS.test(s))
  );
};

function eligible(line: LineFeatures): boolean {
  return (
    line.words >= MIN_WORDS &&
    !opensOnly(line.text) &&
    line.fillers.length + line.hedges.length < 2 &&
    !line.evasive &&
    !hostile(line) &&
    line.caving.length === 0
  );
}

function closest(objective: string, examples: string[]): string | undefined {
  const wanted = contentLemmas(analyseText(objective));
  const ranked = examples
    .map((text) => {
      const lemmas = contentLemmas(analyseText(text));
      return { text, overlap: [...wanted].filter((l) => lemmas.has(l)).length };
    })
    .sort((a, b) => b.overlap - a.overlap)[0];
  return ranked && ranked.overlap > 0 ? ranked.text : undefined;
}
