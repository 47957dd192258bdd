/*
 * The phrase lexicons the rubric looks for, one list per behaviour. Patterns run over the normalised
 * text (lower case, straight apostrophes), which has the same length as the original, so a match's
 * position quotes the learner's own words back to them.
 */

/**
 * Contracted words as learners type them: contracted, written out, or without the apostrophe. A cue written
 * with one form matches them all ("i'm not sure", "i am not sure", "im not sure"), so the way a learner
 * types a word never changes what the coach reads.
 */
const SPELLED: Array<[string, string[]]> = [
  ["i'm", ['i am', 'im']],
  ["i'll", ['i will']],
  ["i've", ['i have', 'ive']],
  ["i'd", ['i would', 'i had']],
  ["we'll", ['we will']],
  ["we're", ['we are']],
  ["we've", ['we have']],
  ["we'd", ['we would']],
  ["you're", ['you are', 'youre']],
  ["you'll", ['you will']],
  ["you've", ['you have']],
  ["you'd", ['you would']],
  ["they're", ['they are']],
  ["it's", ['it is']],
  ["that's", ['that is', 'thats']],
  ["there's", ['there is']],
  ["what's", ['what is', 'whats']],
  ["let's", ['let us', 'lets']],
  ["don't", ['do not', 'dont']],
  ["doesn't", ['does not', 'doesnt']],
  ["didn't", ['did not', 'didnt']],
  ["can't", ['cannot', 'can not', 'cant']],
  ["won't", ['will not', 'wont']],
  ["isn't", ['is not', 'isnt']],
  ["aren't", ['are not', 'arent']],
  ["wasn't", ['was not', 'wasnt']],
  ["weren't", ['were not']],
  ["haven't", ['have not', 'havent']],
  ["hasn't", ['has not', 'hasnt']],
  ["couldn't", ['could not', 'couldnt']],
  ["wouldn't", ['would not', 'wouldnt']],
  ["shouldn't", ['should not', 'shouldnt']],
];
const SPELLINGS = SPELLED.map(([form, others]): [RegExp, string] => [
  new RegExp(`(?<![a-z'])${form}(?![a-z])`, 'g'),
  `(?:${[form, ...others].join('|')})`,
]);

/** A cue's source with every contracted word matching its other spellings. */
export function anySpelling(source: string): string {
  return SPELLINGS.reduce((out, [form, all]) => out.replace(form, all), source);
}

const cue = (...sources: string[]): RegExp[] => sources.map((source) => new RegExp(anySpelling(source), 'g'));

/** Softeners that make a position sound optional. ("kind of"/"sort of" come from the filler rules.) */
export const HEDGES = cue(
  '\\bi think maybe\\b',
  '\\bmaybe\\b',
  '\\bperhaps\\b',
  '\\bi guess\\b',
  '\\bi suppose\\b',
  '\\bpossibly\\b',
  '\\bprobably\\b',
  '\\bsomewhat\\b',
  // "It's basically done": a hedge even where it is not a filler (set-off "Basically, ..." is both).
  '\\bbasically\\b',
  '\\ba little bit\\b',
  "\\b(i'm|i am) not (really |entirely |totally |100% )?sure\\b",
  "\\bi don't know\\b",
  '\\bi feel like\\b',
  "\\bif (that's|that is|it's|it is) (ok|okay|alright|all right|fine)( with you)?\\b",
  '\\bi was (just )?wondering\\b',
  '\\bi was (just |kind of |sort of )?hoping\\b',
  '\\bhopefully\\b',
  '\\bor something( like that)?\\b',
  '\\bor whatever\\b',
  '\\bsorry to (bother|trouble) you\\b',
  '\\bi just (wanted|thought|wondered|need(ed)?)\\b',
  '\\bmight be able to\\b',
  '\\bcould maybe\\b',
);

/** Openers of a non-answer. */
export const EVASIONS = cue(
  "^\\W*(i don't know|i'm not sure|not sure|no idea|dunno|whatever|we'll see|i'd rather not say|hard to say|it depends|i can't say|who knows)\\b",
);

/** First-person commitments and asks: a direct statement of position. */
export const COMMITMENTS = cue(
  "\\b(i|we) (will|'ll|can|am going to|'m going to|are going to|'re going to|propose|recommend|suggest|need|want|would like|'d like|plan to|commit|request|expect|have decided|decided|am asking|'m asking)\\b",
  "\\b(i'll|we'll|i'm going to|i'd like|we'd like|i'm asking)\\b",
  '\\b(my|our) (proposal|ask|request|recommendation|goal|priority|plan|position|view) is\\b',
  "^\\W*let's\\b",
);

/** Verbs that turn a first-person sentence into a hedge rather than a statement ("I think", "I hope"). */
export const SOFT_VERBS = /^(think|guess|suppose|feel|hope|wonder|believe|assume|imagine|try|mean)$/;

export const GREETINGS_AND_THANKS =
  /^\W*(hi|hello|hey|thanks|thank you|cheers|bye|goodbye|yes|no|yeah|yep|sure|deal|agreed|great|perfect|absolutely|of course)\W*(\w+\W*)?$/;

/** Acknowledging the other person's position or feelings, including reflective listening. */
export const ACKNOWLEDGEMENTS = cue(
  '\\bi (completely |totally |really |fully |can |do )?(understand|hear you|hear what you|hear that|see (why|how|where|what|that|your point)|get (it|that|why|where|how)|appreciate|respect|recogni[sz]e)\\b',
  "\\b(that|this|it) (must be|must have been|sounds|seems|can be|would be|has been|'s been) (really |very |so |incredibly |quite |a bit |pretty |like it was )?(hard|difficult|frustrating|stressful|tough|upsetting|disappointing|annoying|overwhelming|exhausting|a lot|worrying|painful|confusing|unfair|awful|rough|scary|maddening|infuriating|embarrassing)\\b",
  '\\bthat sounds (like )?(really |very )?(great|good|exciting|fair|reasonable|important)\\b',
  // "I can see you bought them 34 days ago", "I can see the order on my screen": looking at the records.
  "\\bi can (see|imagine|tell)\\b(?! (?:(?:on|in|from) (?:the|your|my) \\w+ )?(?:that )?(?:you(?:'ve| have)? (?:bought|ordered|paid|booked|purchased|placed|signed|called|rang|contacted|emailed|returned|opened)|(?:the|your) (?:order|account|booking|payment|record|invoice|bill|receipt|file|notes|system))\\b)",
  '\\bmakes (total |complete |a lot of )?sense\\b',
  '\\b(fair|good|great|valid|reasonable) (point|question|concern)\\b',
  "\\bthat's (completely |totally |very )?(fair|reasonable|understandable|valid)\\b",
  "\\byou're (absolutely |completely )?right\\b",
  '\\bthank(s| you)\\b',
  "\\b(i'm|i am) glad\\b",
  '\\bi value\\b',
  '\\bunderstandabl[ey]\\b',
  '\\bno wonder\\b',
  "\\bi know (this|that|it)( has| is|'s| must| can)\\b",
  '\\bfrom your (side|perspective|point of view)\\b',
  '\\bin your (shoes|position)\\b',
  "\\bit's (completely |totally )?(understandable|normal|natural) (to|that)\\b",
  "\\bwhat i'm hearing\\b",
  "\\bso you're saying\\b",
  '\\bif i understand (you|correctly|that right)\\b',
  "\\bit sounds like (you|you're|the)\\b",
  '^\\W*i see\\b',
  '^\\W*understood\\b',
  '\\bi know (the|your|how|why|this|that|it|you)\\b[^.?!]{0,40}\\b(matters?|important|hard|difficult|tough|frustrating|a lot|priority|stressful)\\b',
  "\\bi('d| would) (be|feel|have been) [^.?!]{0,20}\\b(too|as well)\\b",
);

/** Acknowledgements that show listening but little more. */
export const WEAK_ACKNOWLEDGEMENT = /^(thank|thanks|i see)/i;

/** Emotion words; they count for empathy when the sentence is about the other person. */
export const EMOTIONS =
  /\b(frustrat\w*|upset\w*|worr(ied|y|ying|ies)|concern(ed|s)?|stress(ed|ful)?|disappoint\w*|overwhelm\w*|anxi(ous|ety)|nervous|angry|anger|annoy\w*|hurt|confus\w*|pressure\w*|exhaust\w*|scared|afraid|uncomfortable|unfair|unheard|unappreciated|undervalued|excited|proud|relieved|embarrass\w*|let down|betray\w*|tough|difficult|upsetting|awkward|sad|hurtful)\b/g;

/** The partner voicing distress: a negative feeling, a complaint, an apology. */
export const DISTRESS =
  /\b(frustrat\w*|upset\w*|worr(ied|y|ying)|stress(ed|ful)?|disappoint\w*|overwhelm\w*|anxi(ous|ety)|nervous|angry|annoy\w*|hurt|confus\w*|exhaust\w*|scared|afraid|uncomfortable|unfair|struggl\w*|(been|is) a lot|too much|upsetting|awkward|sad|attack\w*|big deal to me)\b/;

/** A question mark that belongs only to a tag ("..., you know?"), not to a real question. */
export const TAG_QUESTION = /(,|^)\s*(you know|right|okay|ok|yeah)\?\s*$/;

/** Prompts that invite an explanation without a question mark. */
export const OPEN_PROMPT =
  /^\W*(walk me through|talk me through|tell me (about|more|how|what|why)|help me understand)\b/;

/** A question word anywhere in a sentence makes it open. */
export const WH_WORD = /\b(what|how|which|where|when|why)\b/;

export const OTHER_FOCUS = /\b(you|your|you're|yours)\b|\b(that|this|it) (must|sounds|seems)\b/;

/** A proposal phrased as a question ("What if we...", "How about..."): an ask, not a question about them. */
export const PROPOSAL_QUESTION = /^\W*(what if|how about|what about if)\b/;

/** Someone speaking of their own feelings just before an emotion word ("I'm really excited"). */
export const OWN_FEELING =
  /\b(i'm|i am|i feel|i felt|i was|i've been|i get|makes me|made me|me|my)\b[^.?!]{0,25}$/;

/** Openers of an open question (invites an explanation, not a yes/no). */
export const OPEN_QUESTION =
  /^\W*(so,? |and,? |but,? |okay,? |ok,? )?(what|how|which|where|when|tell me|walk me through|help me understand|could you (tell|walk|share|explain|help me)|would you (tell|share|walk|explain)|can you (tell|walk|share|explain))\b/;

/** Questions that accuse rather than ask. */
export const HOSTILE_QUESTIONS = cue(
  "\\bwhy (did|didn't|would|wouldn't|can't|won't|couldn't|do|don't) you (always|never|even|just)\\b",
  "\\bwhat's wrong with you\\b",
  '\\bare you (serious|kidding|joking|crazy)\\b',
  '\\bwhat were you thinking\\b',
  '\\bhow (could|can) you not\\b',
);

/*
 * "Sorry to catch you before work", "sorry for interrupting": an apology for the intrusion of the talk
 * itself (reaching, interrupting, asking), which is manners, not owning what went wrong.
 */
const FOR_THE_INTRUSION =
  ' to (bother|trouble|interrupt|disturb|catch|grab|pull|drag|call|ring|phone|message|text|e-?mail|knock|barge|butt|jump|chase|pester|ask|spring|ambush|wake)\\b|' +
  ' (for|about) (bothering|troubling|interrupting|disturbing|calling|ringing|messaging|texting|e-?mailing|knocking|barging|asking|the (interruption|intrusion|early (call|message|start)|late (call|message|hour)))\\b';

export const APOLOGIES = cue(
  `(?<=^\\W*|[.!?,]\\s*)sorry\\b(?!${FOR_THE_INTRUSION}| but| if)`,
  `\\b(i'm|i am|we're|we are) (so |really |very |truly |deeply |terribly |sincerely )?sorry\\b(?!${FOR_THE_INTRUSION})`,
  '\\b(i|we) (sincerely )?apologi[sz]e\\b(?! for (bothering|interrupting|disturbing|the (interruption|intrusion))\\b)',
  "(?<!not |n't |isn't )\\bmy (mistake|fault|bad)\\b",
  '\\b(i|we) take (full )?responsibility\\b',
  '\\bi should have\\b',
  "\\bwe (didn't|did not|failed to) (deliver|get|meet|send|do)\\b",
);

export const POLITENESS = cue(
  '\\bplease\\b',
  '\\bthank(s| you)\\b',
  '\\bi hope\\b',
  '\\bappreciate\\b',
  "\\bi'd love\\b",
  '\\bhappy to\\b',
  '\\bglad to\\b',
);

export const COLLABORATION = cue(
  '\\btogether\\b',
  '\\bboth of us\\b',
  '\\bwe both\\b',
  '\\beach other\\b',
  '\\bas a team\\b',
  '\\bwork with you\\b',
  '\\bwith you on\\b',
  "\\blet's\\b",
);

export const DISMISSIVE = cue(
  // "I'll call you at ten whatever happens" promises; it waves nothing away. Nor does "whatever they are"
  // ("I'll come back with the results, whatever they are"): a clause of its own, about the facts.
  '(?<!or )\\bwhatever\\b(?! (works|suits|happens|happened|it takes|comes next|the (outcome|result|answer)|you (need|want|prefer|think|say|decide|choose))| is (best|easiest)| (they|it|that|this|those|these|we|he|she) (are|is|was|were|may|might|turn|show|say|mean|come)\\b| the \\w+ (are|is|say|says|show|shows)\\b)',
  '\\bcalm down\\b',
  '\\brelax\\b',
  '\\bsettle down\\b',
  '\\bnot my (problem|fault|job|concern|issue)\\b',
  "\\b(it's|that's|this is) not (a |that )?big (of a )?deal\\b",
  '\\bget over it\\b',
  '\\bdeal with it\\b',
  // "It's not that I don't care" says the opposite.
  "(?<!\\b(?:not that|doesn't mean|does not mean|not because) )\\bi don't care\\b",
  "\\b(that's|this is|that is|it's|it is) (ridiculous|stupid|absurd|nonsense|silly|crazy|pathetic)\\b",
  "\\byou're (wrong|overreacting|being (dramatic|emotional|unreasonable|ridiculous|difficult|sensitive|silly))\\b",
  '\\bno offen[cs]e\\b',
  '\\bobviously\\b',
  '\\bjust do it\\b',
  '\\bstop complaining\\b',
  "\\bthat's life\\b",
  // "So what?" and "so what if I was late" dismiss; "so what I'm asking is…" and "so what happens now?"
  // go on with a clause of their own: only the bare "so what" is dismissive.
  '\\bso what(?=\\s*(?:[?!.,;:]|$|if\\b))',
  '\\btoo bad\\b',
  '\\bwho cares\\b',
  "\\bthat's your problem\\b",
  '\\bnot interested\\b',
  '\\bshut up\\b',
  // "It's not a big deal", "what's the big deal?" and a bare "Big deal." wave their concern away; "it's not a
  // big deal, but…" plays down one's own, and "I know it's a big deal to you" grants how much it matters.
  "(?:(?<=(?:\\b(?:no|not a|what's the|what is the|such a|so|make a|making a|made a|makes a)|n't a)\\s+)|^\\s*)big deal\\b(?!,? but\\b)",
  "\\bwaste of (my |our |everyone's )?time\\b",
  "\\b(this|that|it)('s| is) pointless\\b",
  "\\byou're not listening\\b",
  '\\bjust do (what|as) i (say|said)\\b',
  "\\bi'm done( here)?\\b",
  '\\bget this over with\\b',
  '\\bmakes no sense\\b',
  '\\bare you always\\b',
);

/** A negation a few words before: "I'm not saying it's your fault", "I don't blame you". */
const NOT_BEFORE = "(?<!(?:\\bnot|\\bnever|n't|\\bno)\\b[^.?!,;]{0,25})";

export const BLAME = cue(
  `${NOT_BEFORE}\\byour fault\\b`,
  '(?<!\\bare )\\byou (always|never)\\b',
  '\\bbecause of you\\b',
  '\\byou (messed|screwed|mucked) (it |this |that |everything )?up\\b',
  // "You should have told me" blames; "you should have your money back" (a thing, not a deed) and "you should
  // have had an announcement" or "been told" (what they were owed, not what they did) do not. "You should have
  // had the decency to…" is a deed again.
  '\\byou should have\\b(?! (heard|received|gotten|got|been (?:told|given|offered|called|phoned|rung|informed|updated|warned|kept|contacted|notified|asked|consulted|paid|refunded|looked after|seen|treated)|had(?! (?:the |more |some |any )?(?:decency|sense|courtesy|guts|foresight|brains|manners|cheek)))\\b)(?! (your|my|our|a|an|the|some|it|them|this|that)\\b)',
  '\\byou made me\\b',
  `${NOT_BEFORE}\\bblame (you|yourself)\\b`,
  '\\byou people\\b',
  "\\bit's on you\\b",
  "\\byou('re| are) (useless|lazy|incompetent|stupid|an idiot|hopeless|pathetic|a joke)\\b",
);

/** "You need to ..." orders: direct, but they cost goodwill. */
export const ORDERS = cue("\\byou (need to|have to|must|'d better|had better|better|gotta|have got to)\\b");

export const REASONS = cue(
  '\\bbecause\\b',
  // "Since you asked" gives a reason; "ever since", or "since we were fifteen" after "you've been in this", tells
  // how long.
  "(?<!\\bever |(?:'ve|\\bhave|\\bhas|'s been|\\bhad)\\b[^.?!;]{0,60})\\bsince (i|we|you|the|my|our|it|this|that|they|he|she)\\b",
  '\\bso that\\b',
  '\\bwhich means\\b',
  "\\bthat's why\\b",
  '(?<!\\bwhat )\\b(this|that) means\\b',
  '\\bdue to\\b',
  '\\bgiven (that|the|my|our)\\b',
  '\\bas a result\\b',
  '\\btherefore\\b',
  '\\bthe reason\\b',
  '\\bfor (example|instance)\\b',
  '\\be\\.g\\.',
  '\\bthat way\\b',
  '\\bin order to\\b',
  ',\\s+so (i|we|you|it|that|this|the)\\b',
  '\\bif (it|this|we|you) [^.?!]{0,60}\\b(would|will)\\b',
  '\\bbased on\\b',
  '\\bconsidering\\b',
  // What would follow otherwise: "leaving them would have meant a second operation".
  '\\b(would|will|could) (have )?mean(t)?\\b',
  '\\botherwise\\b',
);

export const EVIDENCE = cue(
  '\\b(data|research|survey|study|studies|benchmarks?|market (rate|data|value|range)|industry (average|standard|rate|data)|salary data|numbers|results|metrics|figures|according to|on average|track record|evidence|case study|testimonials?|reviews)\\b',
  '\\b(i|we) (led|delivered|built|launched|grew|increased|reduced|cut|saved|closed|managed|trained|mentored|improved|completed|shipped|exceeded|won|generated|negotiated|resolved|passed|doubled|tripled|created|designed|organi[sz]ed|ran|handled|hit|achieved|brought|raised|took over)\\b',
  "\\b(have|'ve) (led|delivered|built|launched|grown|increased|reduced|saved|closed|managed|trained|improved|completed|shipped|exceeded|passed|doubled|created|handled|achieved|raised)\\b",
);

export const BENEFITS = cue(
  // "You'll get a confirmation email" tells them what happens next; it is not what they gain.
  "\\byou('ll| will) (get(?! (a|an|the) (confirmation|e-?mail|receipt|reply|call|text|letter|notification|message|update|invoice|bill|reference)\\b)|save|have|see|benefit|gain|be able|free up|avoid|keep|reduce|cut|spend less|know)\\b",
  '\\b(help|helps|save|saves|benefit|benefits|protect|protects|free up|frees up|gives) (you|your)\\b',
  '\\bwin[- ]win\\b',
  // "for both of us" says what both gain; "it goes through both of us" and "we both signed" say who.
  '\\b(for|suits|helps|protects) both of us\\b',
  '\\bwe both (win|gain|benefit|come out|get (something|what))\\b',
  '\\bmutual(ly)? (benefit|beneficial|gain|advantage|interest|win)',
  '\\bfor your (team|company|business|department|customers|clients|shop|bakery|store|director|manager|budget)\\b',
  '\\b(better|easier|faster|cheaper|simpler|useful|valuable|helpful) for you\\b',
  '\\b(would|will|could) (pay for itself|free up|save you|cut your|reduce your|stop)\\b',
  '\\b(bring|contribute|add) [^.?!]{0,40}\\bto your\\b',
  // What the proposal does for their goals: "meets your deadline", "within your budget"; "five days before
  // your deadline" only names it.
  "\\b(?:meet|meets|hit|hits|make|protect|protects|fit|fits|help|helps|serve|grow|grows|reach|within|under|for|to) your (goals?|priorit(y|ies)|customers|clients|deadline|budget|team's|targets?|revenue|cohort)\\b",
  '\\bthis (would|will|could) (help|save|give|let|mean|free|reduce|cut|protect)\\b',
  '\\breturn on investment\\b',
  '\\broi\\b',
  '\\bpays? for itself\\b',
);

export const ASKS = cue(
  '\\bi (propose|suggest|recommend|request)\\b',
  "\\b(i'd|i would|we'd|we would) (also |really )?(like|love) (to|us|you|a|an|the|\\$?\\d)",
  "\\b(i|we)('ve| have) (refunded|credited|issued|sent|added|arranged|booked|upgraded|replaced)\\b",
  '\\b(i|we) can (offer|refund|give|send|add|arrange|book|replace|upgrade)\\b',
  "\\b(i'm|i am) (asking|requesting|proposing|looking) for\\b",
  '\\bmy (proposal|ask|request|suggestion|recommendation)\\b',
  '\\b(could|can|shall|should) we\\b',
  '\\bwould you be (willing|open|able)\\b',
  '\\b(are|would) you (be )?open to\\b',
  "\\blet's\\b",
  '\\bhow about\\b',
  '\\bwhat if we\\b',
  '\\bwould (\\$|\\d)',
  '\\bwould it be possible\\b',
  '\\b(can|could|will) you\\b',
  "\\bi'm asking\\b",
  '\\bi need (you|us|the|a|an|to)\\b',
  '\\bis (\\$|\\d)[^.?!]{0,40}\\bpossible\\b',
  '\\b(two|three|a few|some|two clear) options\\b',
  '\\boption (one|two|1|2|a|b)\\b',
  '\\bwe could (ship|move|do|try|start|split|deliver|meet|use|set|schedule|phase|run|keep|add)\\b',
  // An offer made from one's own side: "here's what I can do", "I can take 10% off", "spread it over…".
  "\\b(here's|here is) what (i|we) (can|could|will|'ll) do\\b",
  // The same offer put as a pseudo-cleft: "what I can do right now is…", "the best we can offer is…".
  "\\bwhat (i can|we can|i could|we could|i'm able to|i am able to|we're able to|we are able to) (do|offer)( for you)?( right now| today| now| this week| this month)? (is|would be)\\b(?! not\\b)",
  '\\bthe (best|most) (i|we) can (do|offer)( for you)?( right now| today| now)? (is|would be)\\b(?! not\\b)',
  '\\b(i|we) (can|could) (take|knock|waive|cover|split|spread|reduce|drop|match|extend|include|throw in|hold|move)\\b',
  '\\b(split|spread) (it|that|this|the (rest|cost|payment|balance|bill|amount|difference)) (over|across|into)\\b',
);

export const ALTERNATIVES = cue(
  '\\binstead\\b',
  '\\balternatively\\b',
  '\\bwhat if\\b',
  '\\bhow about\\b',
  '\\bcompromise\\b',
  '\\bmiddle ground\\b',
  '\\bmeet (you )?(in the middle|halfway)\\b',
  '\\bphased?\\b',
  '\\btrial\\b',
  '\\bpilot\\b',
  '\\bin (exchange|return)\\b',
  '\\bwould it help if\\b',
  '\\b(one|another) option\\b',
  '\\bif (we|you|i) [^.?!]{0,60}\\b(then|could|would|can|will)\\b',
);

/** What the partner says when pushing back. */
export const OBJECTIONS =
  /\b(but|however|(i|we) (can't|cannot|won't|couldn't)|(that|it) (won't|doesn't|can't) work|not possible|unable|budget|too (expensive|much|high|late|soon)|concern(ed)?|worried|don't think|not sure|no way|afraid|policy|unfortunately|not in a position|out of (our|my) (range|budget)|hard to|tight|the thing is|i'm not convinced|why should|i suppose|i guess|not really|is that all|that's a lot)\b/;

export const SUMMARIES = cue(
  '\\bto (summari[sz]e|recap|sum up)\\b',
  "\\bso we('re| are) (agreed|aligned|on the same page)\\b",
  '\\bjust to confirm\\b',
  '\\bto confirm\\b',
  "\\bwe('ve| have) agreed\\b",
  '\\bsounds like we (agree|both|have)\\b',
  '\\bto be clear\\b',
  '\\bin summary\\b',
  '\\bso the plan is\\b',
  '\\blet me recap\\b',
  '\\bwe agree\\b',
  '\\bagreed on\\b',
);

export const NEXT_STEPS = cue(
  '\\bnext steps?\\b',
  '\\bfollow[- ]up\\b',
  "\\b(i|we)('ll| will) (send|share|draft|email|e-mail|schedule|set up|prepare|follow|get back|check|book|call|put together|write|update|confirm|loop|circle back|refund|process|flag)\\b",
  "\\blet's (schedule|meet|set up|book|plan|reconvene|check in|touch base|revisit|agree|review|talk again)\\b",
  '\\bcheck-ins?\\b',
  '\\b(a|weekly|daily|quick|short|regular) check[- ]in\\b',
  '\\btouch base\\b',
  '\\bby (monday|tuesday|wednesday|thursday|friday|saturday|sunday|end of (the )?(day|week|month)|tomorrow|next week|noon|\\d)',
  '\\bcalendar invite\\b',
  '\\baction items?\\b',
  '\\bgoing forward\\b',
  '\\bfrom now on\\b',
  // Staying in touch is the next step of a first meeting: "can I add you on LinkedIn?", "let's swap numbers".
  '\\b(add|connect with|find|follow) you on\\b',
  '\\b(swap|exchange|share|trade) (numbers|details|contacts|cards|emails|e-mails)\\b',
  '\\b(grab|get|take|have) your (email|e-mail|number|card|details|contact)\\b',
  '\\b(stay|keep) in touch\\b',
  // "I'm happy to help draft it this week": an offer of the next thing to do, with when.
  "\\b(i'm|i am|i'd be|we're|we'd be) (happy|glad) to\\b[^.?!]*\\b(today|tonight|tomorrow|this week|next week|by \\w+day|on \\w+day)\\b",
);

export const DEMANDS = cue(
  '\\bi (deserve|demand|insist)\\b',
  '\\bi (want|need|expect) (a|an|the|my|more|\\$|\\d|you to|it)',
  '\\bgive me\\b',
  '\\byou (have|need|must) to\\b',
);

export const CAVING = cue(
  '\\bnever ?mind\\b',
  '\\bforget it\\b',
  // "fine, whatever" gives up where it ends the sentence or gives in; "ok whatever, just tell me yes or no"
  // is impatience, said before a demand.
  "\\b(fine|okay|ok),? whatever(?=\\s*(?:[.!]|$|,?\\s*(?:then|i guess|you win|it is|deal|that'?s fine|go ahead)\\b))",
  "\\bi'll (just )?take (it|whatever)\\b",
  '\\bwhatever you (think|want|say|decide)\\b',
  '\\bwhatever (works|suits) (for )?you\\b',
  // "I give up" giving in opens its clause; "the salary I give up" is what a proposal trades.
  '(?:^|[.!?;,]\\s*|\\b(?:ok|okay|fine|alright|well|so|honestly|look|then)\\W+)i give up\\b',
  "\\bit doesn't matter\\b",
  "\\bdon't worry about it\\b",
  '\\bforget i (asked|said)\\b',
  "\\bi guess (that's|it's) fine\\b",
  "\\bit's fine, (really|forget)\\b",
);

export const THREATS = cue(
  "\\bor (else|i'll (quit|leave|walk|go|resign|escalate))\\b",
  "\\bi'll (quit|resign|walk away|walk out)\\b",
  '\\btake it or leave it\\b',
  "\\bi'll (sue|report you)\\b",
  "\\bi'll go (to|over) (your |the )?(boss|manager|director|hr|human resources|head)\\b",
  "\\bor i'll (take|accept) (another|the other|a different) (offer|job)\\b",
);

/** Yes/no openers that answer a closed question. */
export const YES_NO_ANSWER =
  /^\W*(yes|no|yeah|yep|nope|sure|absolutely|definitely|of course|not (really|yet|quite)|i (do|don't|can|can't|would|wouldn't|will|won't|am|'m|have|haven't|did|didn't))\b/;

/** Questions about an amount or a time: answered well by a specific. */
export const QUANTITY_QUESTION =
  // "When" asks for a time where it opens the question ("When can you…?", "So when will it…?"); mid-question
  // it is a conjunction ("What happens when something comes up?").
  /\b(how (much|many|long|soon|often)|what (number|figure|salary|range|budget|price|rate|date|time|day)|by when|what's your (number|figure|range|budget|expectation))\b|(?:^|[.?!]\s+|^\W*(?:so|and|but|okay|ok|right)\W+)when\b/;

/** Lines that step out of the role-play to talk to the software behind the partner. */
export const ROLE_BREAK =
  /\b(system prompt|(previous|your) instructions|language model|an ai\b|role-?play)\b/;
