import { extractFigures, type Figure } from '../text/figures';
import { lineActs } from '../text/line-acts';
import { selfIntroduction } from '../text/introduction';
import { contentTerms, readText } from '../text/nlp';
import { toSecondPerson } from '../scenario/perspective';

/**
 * What the learner just did in one message, read with wink-nlp (sentences, parts of speech, negation,
 * sentiment, entities) and small lexicons of conversational moves: questions and their kind, figures,
 * apologies, empathy, pushback, reasons, commitments, vagueness, rambling, hostility, closing signals.
 */

/** The most text we analyse from one message; the rest is ignored, not rejected. */
export const MAX_ANALYSED_CHARS = 4000;

export type QuestionKind =
  'wellbeing' | 'clarify' | 'number' | 'want' | 'why' | 'when' | 'request' | 'opinion' | 'yes-no' | 'open';

export interface Question {
  kind: QuestionKind;
  text: string;
  terms: Set<string>;
  /**
   * A statement said as a question, with no question word and no inverted verb ("Try it for two weeks?",
   * "So Friday for the full amount?", "We agreed?"): the learner checks that what they put forward stands.
   */
  declarative?: boolean;
}

export interface MessageAnalysis {
  text: string;
  truncated: boolean;
  words: number;
  sentences: string[];
  /** Mean sentence sentiment, -1 (hostile) to 1 (warm). */
  sentiment: number;
  /** The main question, when the message asks one (the last question asked). */
  question: Question | null;
  figures: Figure[];
  greeting: boolean;
  thanks: boolean;
  apology: boolean;
  empathy: boolean;
  agreement: boolean;
  /** Disagreement or resistance: "that's not fair", "I can't accept that". */
  pushback: boolean;
  /** The learner introduced themselves by name ("I'm Sam"). */
  introduction: string | null;
  /** A small social apology ("sorry to interrupt"), not an apology for the matter at hand. */
  minorApology: boolean;
  /** The learner turns something down: "we can't do that". */
  refusal: boolean;
  /** The learner promises something: "I'll send it by Friday". */
  commitment: boolean;
  /** The learner puts an option on the table: "how about...", "what if...". */
  proposal: boolean;
  /** Reasons or evidence: "because", data, examples, track record. */
  reasons: boolean;
  closing: boolean;
  /** The learner leaves without a deal: "if you change your mind, you have my number". */
  walksAway: boolean;
  clarification: boolean;
  /** 0 none, 1 rude or dismissive, 2 abusive. */
  hostility: 0 | 1 | 2;
  vague: boolean;
  /** The vague words themselves ("soon", "maybe"), to quote back. */
  hedges: string[];
  rambling: boolean;
  /** What an off-topic line is about (its content words), judged against the scenario later. */
  smallTalk: string[];
  terms: Set<string>;
  /** A short piece of what was said, from the persona's side ("you can refund it today"). */
  quote: string | null;
  /** "Anyway, about the offer.": back to the matter after a detour, with nothing new yet. */
  returning?: boolean;
}

const GREETING =
  /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|morning|afternoon|greetings)\b|\bnice to (?:meet|see) you\b/;
/** Thanks, and being touched to be asked: "I'm so honoured you asked me". */
const THANKS =
  /\b(?:thank(?:s| you)|thx|cheers|(?:i|we) (?:really |truly )?appreciate (?:it|that|your time|you taking|you making)|i(?:'m| am| was| felt) (?:so |really |very |truly |genuinely )?(?:honou?red|touched|flattered|chuffed) (?:you|that you|to be)\b)\b/;
const APOLOGY =
  /\b(?:sorry|apologies|apologi[sz]e|my (?:bad|fault|mistake)|i was wrong|we were wrong|i take (?:full |complete )?responsibility|we take (?:full |complete )?responsibility|(?:that|this|it)(?:'?s| is| was) on (?:me|us)|our (?:mistake|fault|error)|(?:i|we) (?:should have|should'?ve|shouldn'?t have) (?:called|rung|phoned|told|asked|checked|warned|let you know|contacted|been)|forgive me|i regret|(?:i|we) (?:messed|screwed) up|dropped the ball|(?:i|we) let you down)\b/;
const MINOR_APOLOGY =
  /\bsorry,? (?:to (?:interrupt|bother|keep you|catch you|grab you|jump on you|spring this on you|disturb)|i know (?:you'?re|you are|it'?s|this is) (?:so |really |a bit |pretty |probably )?(?:busy|tired|knackered|shattered|wiped|exhausted|late|swamped|slammed|a bad time|not a (?:great|good) time)|(?:have you |you )?got (?:a |two |five |a few |a couple of )?(?:sec|secs|second|minute|min|mins|moment)|i(?: didn'?t introduce| went on| rambled| interrupted| jumped| was rambling|'?m still getting used| am still getting used|'?m late| am late| didn'?t catch| know i jumped| missed that| don'?t want this to| don'?t mean to)|about that|for the (?:wait|interruption)|,? (?:i|we) (?:forgot|didn'?t mention))|\b(?:excuse me|pardon me)\b/;
const NOT_APOLOGY =
  /\b(?:sorry to hear|sorry,? what|sorry\?|sorry for asking|(?:no need|not here|you (?:don'?t|do not) (?:need|have)) to (?:apologi[sz]e|say sorry|be sorry)|(?:don'?t|do not|never) (?:apologi[sz]e|be sorry))/g;
/**
 * "Sorry," said in passing to take or hold the floor ("sorry, before we move on…", "um, sorry, I knew that
 * would come up", "sorry, I'm rambling"): a small social apology, not one for the matter at hand, which
 * says what it is sorry for or how much ("I'm so sorry", "sorry for the delay").
 */
const INTERJECTED_SORRY =
  /(?:^|[.!?,;]\s*|\b(?:um|erm|uh|oh|yes|yeah|no|ok|okay|right|so)\s*,?\s+)sorry\s*(?:,|[-–—]|\.\.\.)/g;
/** Leaving without a deal: the door left open, the other person to call if they move. */
const WALKS_AWAY =
  /\bif (?:you|anything) change[sd]? (?:your mind|at all)\b|\b(?:maybe|perhaps) (?:another|some other) time\b|\b(?:i'?ll|i will|i'?m going to) (?:look|keep looking|shop) (?:elsewhere|around)\b|\bno deal\b/;
/** A "sorry" that only softens the no after it ("sorry, but I can't", "sorry, that's too much", "no, sorry"). */
const SOFTENED_NO =
  /\b(?:(?:i'?m|i am) (?:really |so |very |truly )?sorry|sorry),?\s+(?:\w+,?\s+)?(?:but\s+)?(?=(?:i|we) (?:can'?t|cannot|won'?t|will not|'?m not able|am not able|'?m unable|am unable|just can'?t)\b|no\b|not\b|nope\b|there (?:is|are)\b|there'?s (?:a|an|some|bad)\b|i'?m afraid\b|bad news\b|(?:i|we)(?:'ve| have) (?:got )?(?:a|some) (?:problem|bad news)\b|(?:that'?s|it'?s|\$?\d[\d,.k]*\s+(?:is|'?s))\s+(?:way |far |a bit |just )?(?:too|more than|over|above|out of)\b)|\b(?:no|nah|nope),?\s+sorry\b/g;
const EMPATHY =
  /\b(?:i (?:completely |totally |really |can |do |fully )?(?:understand|get it|hear you(?!\s+(?:through|from|in|at|on the|every|all|when|over|down|up|shout\w*|talk\w*|play\w*|com(?:e|ing)|go(?:ing)?|walk\w*|mov\w*|snor\w*|argu\w*|laugh\w*|sing\w*)\b)|see (?:why|how|that|where|your point|you(?=(?:'?re| are| were|'ve been| have been| feel| felt| care| cared| tried| mean| meant| worked| want(?:ed)? (?:it|this|that) to work)\b|\s*[.!,;]|\s*$)))|i know (?:you|it)(?:'re| are| is|'s| have| has| feel)|that (?:must|would)(?: have)? (?:be|been|feel)\b|that sounds\b(?! (?:good|great|fine|perfect|lovely|brilliant|fair|reasonable|ok|okay|alright|interesting|exciting|fun|doable|workable|right|like (?:a (?:plan|deal|good idea)|fun))\b)|i can (?:only )?imagine|i appreciate (?:how|that you|you|your)|(?:that )?makes (?:total |complete |a lot of )?sense|fair (?:point|enough)|you'?re (?:right|not wrong)|you have a (?:point|right)|i know (?:how|this|that) (?:must|is|was|feels)|i know (?:that|this|it)(?:'s| is|isn'?t| is not) (?:not )?(?:what you (?:want|wanted|were hoping|hoped|expected)|the (?:answer|news) you|easy|hard|difficult|a lot)|(?:that'?s|it'?s|that is) (?:really |so |very )?(?:frustrating|hard|difficult|tough|awful|upsetting|stressful|unfair|not okay)(?! to (?:say|tell|know|explain|predict|describe|put))|i'?d (?:feel|be) (?:the same|upset|frustrated|angry)|sorry to hear|(?:i'?m|i am|i was) (?:not|no) (?:happy|thrilled|pleased|delighted|keen) (?:about|with) (?:it|this|that|any of (?:it|this))? ?either|me neither|i feel the same|thank you for (?:telling|sharing|explaining|being honest|raising|flagging)|i realis|i realiz|understandabl|i hear (?:that|what)|(?:your|those) (?:concerns?|feelings?) (?:are|is) (?:valid|fair|legitimate)|i value)\w*/;
const REASSURES_WITH_A_TAG =
  /\b(?:on your side|in your corner|here for you|not (?:angry|mad|cross|upset) (?:with|at) you|not going anywhere|proud of you|love you|care about you|we'?re (?:good|fine|okay|ok|alright)|(?:it'?s|it is|everything'?s|everything is|it'?ll be|it will be) (?:going to be )?(?:fine|okay|ok|alright|all right))\W*,?\s*(?:ok(?:ay)?|alright|all right|yeah|right|yes)\?$/;
/**
 * "How you were treated was not okay", "the way they spoke to you was unacceptable": the learner judges
 * what was done to the other person, on their side; the dark words are no attack on them, nor a pushback.
 */
const SIDES_WITH_THEM =
  /\b(?:how|the way) (?:you (?:were|have been|'ve been|got) (?:\w+ed|spoken to|talked to|spoken about)|(?:he|she|they|we|i|our \w+|the \w+|my \w+|your \w+) (?:\w+ed|spoke to|talked to|spoke about) you)\b|\bwhat (?:happened|was done|they did|he did|she did) to you\b/;
const AGREEMENT_START =
  /^(?:yes|yeah|yep|sure|ok(?:ay)?|agreed|deal|absolutely|definitely|of course|sounds good|that works|fine|great|perfect|alright|all right|cool|brilliant|lovely|cheers|awesome|excellent|wonderful)\b/;
/**
 * A nod that opens a line which goes on to something else ("I understand. Is it possible to have a review
 * after six months?", "That makes sense. A lot of people say the weekday paper piles up"): the point that
 * follows is what the line is about, and it is answered; the nod is no sympathy to thank anyone for.
 */
const POINT_TAKEN_THEN =
  /^\W*(?:(?:ok(?:ay)?|right|sure|yes|yeah),? )?(?:i (?:completely |totally |really |fully )?(?:understand|get (?:it|that)|see)|(?:that |it )?makes (?:total |complete |a lot of )?sense|fair (?:point|enough)|you'?re (?:right|not wrong))\s*[.!,;:]\s*\S/;
/** The learner's own feelings, said plainly ("I felt left out", "it stung a bit"). */
const OWN_FEELING =
  /\b(?:i (?:felt|feel)|i(?:'m| am| was) (?:(?:a bit|really|so|quite|pretty|very) )?(?:hurt|upset|sad|angry|frustrated|disappointed|worried|scared|anxious|tired|exhausted|gutted|annoyed|embarrassed|stressed)|it (?:stung|hurt)|(?:hurt|upset|stung|bothered) me)\b/;
/** "Of course it's no bother": a reassurance, not a yes to anything. */
const REASSURES =
  /^(?:of course|no|not at all)[,.!]?\s+(?:it'?s|that'?s|you'?re|you are|it is) (?:no|not (?:a|any)) (?:bother|problem|trouble|worry|worries)\b/;
/** "Okay. So the problem is…", "Alright, let me check": a word that opens what comes next, not a yes. */
const MARKS_A_START =
  /^(?:ok(?:ay)?|alright|all right|right)[,.!]?\s+(?:so|now|then|let me|let'?s see|first|here'?s|the thing|just)\b/;
const AGREEMENT =
  /\b(?:i (?:fully |completely )?agree|we agree|that works(?: for me)?|sounds good|it'?s a deal|we have a deal|i can (?:live|work) with (?:that|it)|happy (?:with|to go with) that|let'?s do (?:it|that)|i accept|we accept|that'?s fine|works for me|you have a deal|count me in)\b/;
const PUSHBACK =
  /\b(?:i (?:don'?t|do not|can'?t|cannot) (?:really |quite |fully |entirely |totally |honestly )?(?:agree|accept|see|think(?! you (?:meant|intended|noticed|knew|did it on purpose))(?![^.?!,;]{0,40}\b(?:his|her|their|he|she|they)\b)|buy|support)|i disagree|(?:that'?s|that is|it'?s|it is) not (?:fair|right|true|acceptable|reasonable|enough|good enough|realistic|how|what(?! you(?:'d| had| were)? (?:want|wanted|hope|hoped|hoping|expect|expected|like) to hear))|not (?:acceptable|fair|good enough|reasonable|realistic)|no way|(?:that|this) (?:won'?t|will not|doesn'?t|does not) work|doesn'?t make sense|(?:too|way too|much too) (?:low|high|much|little|expensive|long|late|slow|early|soon)|unacceptable|i'?m not (?:happy(?! (?:about|with) (?:it|this|that|any of (?:it|this)) either\b| either\b)|comfortable|willing|okay|ok|convinced|sure that|going to(?! (?:ask|make|charge|keep|put|send|waste|bother|rush|push|pressure|blame) (?:you|them|him|her)\b))|with (?:all due )?respect|(?:have to|must|need to) push back|i won'?t|i refuse|hold on|wait a (?:minute|second)|you'?re wrong|not true|on the contrary|i'?m afraid (?:not|that|i|we)|you(?:'re| are)(?: being| so)? (?:unreasonable|unfair|rude|difficult|ridiculous|wrong|not listening|overreacting|impossible|missing the point))\b|\b(?:i'?m|i am|we'?re|we are) not (?:paying|accepting|signing|agreeing to|covering)\b|^(?:no|nope|actually|well,? no)\b(?![\s,!.]+(?:no[\s,!.]+)*(?:(?:you'?re|you are|your \w+ (?:is|are|were)|(?:the|this|that|my|our) \w+(?:'s| is| was)|it'?s|that'?s|they'?re) (?:fine|right|correct|good|great|okay|ok|brilliant|not (?:that|the problem|the issue|about|wrong))|not at all|don'?t worry|of course|it'?s not (?:that|about)))|^but (?:that|this|it|you|no|not)\b/;
/** "I can't", "isn't something I can do"; "I don't have experience with SAP" admits a gap, refusing nothing. */
const REFUSAL =
  /\b(?:i|we) (?:can'?t|cannot|won'?t|will not|am not able to|'?m not able to|are not able to|'?re not able to|'?m unable to|am unable to|are unable to|(?:don'?t|do not) have(?! (?:any |much |a lot of |enough |direct |real |hands-on |the )?(?:experience|background|qualifications?|degree|knowledge|training|exposure|certificat\w*|practice)\b))\b|\b(?:not possible|isn'?t possible|no longer available)\b|(?:\bnot|n'?t) something (?:i|we) (?:can|could|'?m able to)\b/;
/** "I'm going to say no this year", "I'll have to pass": a promise not to, which is a refusal. */
const DECLINES =
  /\b(?:i'?m going to|i am going to|i'?ll (?:have to )?|i will (?:have to )?|i have to|i need to|i'?ve decided to|i'?m going to have to)\s*(?:say no|decline|turn (?:it|this|that) down|pass on|step (?:down|back) from|give (?:it|this) up)\b/;
/** A promise or a thing done; "I could have stayed" and "I'll be honest" promise nothing. */
const COMMITMENT =
  /\b(?:i|we)(?:'ve| have) (?:just |now |already )?(?:fixed|lifted|sorted|removed|cancelled|refunded|processed|sent|booked|arranged|unblocked|reset|applied|credited|added|updated|changed|raised|logged|escalated|waived|reversed|ordered|scheduled)\b|\b(?:i|we)(?:'ll| will| can| could| am going to|'m going to|'re going to| are going to| promise| commit| guarantee|'d be happy to| would be happy to| have arranged| have booked| have already)\b(?! have\b| be (?:honest|frank|straight|brief|blunt|clear|quick)\b| keep (?:it|this|things) (?:short|brief|tight|quick|simple)\b| get (?:straight )?to the point\b| make (?:it|this) quick\b| admit\b| be (?:a |an |the )?(?:very |really |so )?(?:good|great|strong|excellent|perfect|right|ideal|fine|ok|okay|glad|sad|valuable|useful|successful|fit|natural|asset)\b)|\byou(?:'ll| will) (?:have|get|receive|see|hear)\b|\b(?:i'?ll|we'?ll) make sure\b/;
/**
 * What is said in a pledge's words but pledges nothing to the listener: a deed done again and again without
 * an answer ("I've emailed you three times", "we have sent photos twice") is a grievance, and a plan made
 * with others or already decided ("Sam and I are going to stay in Leeds", "we've decided we're going to
 * sell") is news, and so is a step back the speaker has made up their mind to take ("I'm going to stop
 * competing after March").
 */
const NOT_PLEDGED =
  /\b(?:i|we)(?:'ve| have) (?:already |now )?[a-z]+(?: [a-z]+){0,4} (?:twice|three times|four times|five times|several times|many times|a few times|multiple times|repeatedly|more than once|again and again|over and over)\b|\b(?:[a-z]+ and (?:i|we)|(?:me|us) and [a-z]+|(?:'ve|have|has) (?:now |already |all |both )?decided(?: that)? (?:i|we))(?:'re| are|'m| am|'ll| will| are all| are both) going to\b|\b(?:i|we)(?:'m| am|'re| are) (?:going to|gonna) (?=(?:stop|quit|leave|give up|drop out|step (?:down|back)|move out|resign|retire|take a break)\b)/g;
/** "If a lump sum is hard, I can do half now": what the learner can do, if the other's terms don't suit. */
const CONDITIONAL_OFFER =
  /\bif (?:that'?s|it'?s|(?:[\w']+ ){1,3}(?:is|are|seems|feels)) (?:too (?:much|high|steep|expensive|soon|early|late|long)|(?:a bit |too )?(?:hard|difficult|tricky|a problem|an issue|a stretch))\b[^.?!]{0,40}?,\s*(?:then )?(?:i|we) (?:can|could)\b/;
/** "You take the physio on Tuesdays, I'll do the consultant ones": the work split, put forward. */
const SPLITS_THE_WORK =
  /\byou (?:take|do|handle|cover|get|pick up|look after|deal with|sort)\b[^.?!]{2,60}[,;]\s*(?:and )?(?:i'?ll|i will) (?:take|do|handle|cover|get|pick up|look after|deal with|sort)\b|\b(?:i'?ll|i will) (?:take|do|handle|cover|get|pick up|look after|deal with|sort)\b[^.?!]{2,60}[,;]\s*(?:and )?you (?:take|do|handle|cover|get|pick up|look after|deal with|sort)\b/;
const PROPOSAL =
  /\b(?:i'?m|i am|i'?d be|i would be) (?:more than |really |very )?(?:happy|glad|willing) to (?!help\b[.!]?$|talk\b|chat\b|answer\b|explain\b)\w+|(?:^|[.!?,]\s*)(?:so |maybe |then )?(?:do you want to|would you like to|do you fancy|fancy) (?:have|try|split|share|set up|grab|meet|get|swap|take turns|agree|keep|go halves|do)\b|\bi (?:think|reckon|feel) (?:that )?(?:she|he|they|you|we) (?:should|ought to) (?!not\b|be (?:ashamed|sorry)\b|know\b|have known\b)\w+|\b(?:how about|what if|(?:maybe|perhaps) (?:we|you|i) (?:can|could)|we could|what about|would you (?:accept|consider|be open|take)|could we|can we|shall we|let'?s|i(?:'d| would)? (?:propose|suggest|recommend|offer|can offer)|my (?:proposal|offer|suggestion|recommendation)|i'?d like to (?:propose|suggest|offer)|instead|alternatively|another option|one option|a compromise|meet (?:you )?(?:halfway|in the middle)|as a (?:gesture|goodwill)|(?:what|the (?:best|most|least)) (?:i|we) (?:can|could) (?:do|offer) is)\b|\bi think (?:a|an|the|some) [^.?!]{3,60} (?:is|would be|seems) (?:fair|reasonable|the (?:fair|right) thing)\b|\bi'?m (?:open to|willing to|prepared to)\b|\bi could (?!have\b|not\b|never\b|be\b|see\b|tell\b|imagine\b|understand\b|hear\b|feel\b|say\b|only\b)[a-z]+|\bif [^.?!]{3,60}, (?:i|we|you|[a-z]+) (?:'d|would|could|can) (?!like\b|love\b|have\b|be (?:happy|glad)\b)[a-z]+/;
/**
 * What the learner asks for, said as a statement ("I need a firm date this week", "I'd also like £150 off",
 * "I want you to text me first"): put forward to be weighed, as a proposal is. Announcing a subject ("I
 * want to ask about…", "I'd like to talk about…") or an intent of one's own ("I want to keep doing good work")
 * puts nothing forward; "I'd like to work four days a week" does.
 */
const STATED_REQUEST =
  /\b(?:i (?:just |really |also |still |only )?(?:need|want|am asking for|prefer)|i'm asking for|i(?:'d| would) (?:much |really )?(?:prefer|rather have)|i(?:'d| would) (?:just |really |also |still |only )?(?:like|want|need|expect)) (?:you to|(?:a|an|the|my|our|some|it|them|this|that|\u00a3|\$|\d)\S*|to (?:see|have|get|be paid|receive)\b)|\bi(?:'d| would) (?:really |also |now )?like to (?!talk|ask(?! for\b)|chat|discuss|raise|mention|say|tell|explain|hear|know|understand|start|begin|go\b|check|thank|apologi[sz]e|share|update|follow|run|walk|bring|touch|flag|clarify|make sure|let|learn|find out|think|hope|add|point|remind|give you|take (?:a|this|the) (?:moment|minute|second|chance|opportunity))[a-z]+/;
const REASONS =
  /(?:,\s*so (?:i|we) (?:can|could|will|would)\b)|\b(?:because|since|as a result|the reason|due to|that'?s why|for (?:example|instance)|e\.g\.|data|research|surveys?|study|studies|evidence|market (?:rate|data|value|research)|benchmarks?|industry (?:standard|average)|on average|typical(?:ly)?|according to|records?|logs?|reports?|last (?:year|quarter|month|week)|in my (?:experience|last role|previous role)|(?:i|we)'?ve (?:also |already |just |personally )?(?:done|led|managed|delivered|built|worked|completed|passed|saved|grown|increased|reduced|handled|trained|shipped|won|closed|earned|achieved|launched|improved)|(?:experience|qualifications?|certifi\w+|exams?|degree|award|portfolio|adds? value|outperform\w*|exceeded|ahead of)|shows? that|proves?|documented|track record|results?|compared (?:to|with)|which means|so that)\b/;
const CLOSING =
  /\b(?:let'?s (?:wrap|finish|leave it|end|stop|close|call it|sum up|recap|summari[sz]e|agree on next steps|put (?:it|this) in writing)|wrap (?:this|it|things) up|(?:i|we) (?:have|need|got) to (?:go|run|head off|jump)|(?:i|we) should (?:probably |really )?(?:go|get going|head off|let you go)|never mind|gotta go|i'?ll let you go|thanks for your time|thank you for your time|talk (?:soon|later)|good ?bye|bye|see you (?:soon|later|tomorrow|then|next week)|see you[.!]*$|that'?s all(?: from me)?|we'?re done|to (?:sum up|summari[sz]e|recap)|in summary|next steps|so we'?re agreed|we have a deal|it'?s a deal|(?:i|we)'?ll (?:send|email) (?:you )?(?:a |the )?(?:summary|confirmation|recap|follow-up))\b/;
const THANKS_FOR_TIME = /\b(?:thanks|thank you) (?:so much |very much )?for your time\b/;
const CLARIFY =
  /\b(?:what do you mean|what does that mean|i don'?t (?:understand|follow)|pardon|(?:could|can) you (?:repeat|explain|clarify|rephrase)|not sure what you mean|come again)\b|^sorry\?|^what\?$/;
/** Abuse. ("Get lost" is an order to leave; "does anything ever get lost" asks about orders.) */
const STRONG_HOSTILITY =
  /\b(?:f+u+c+k+\w*|fck\w*|shit\w*|bullshit|idiot\w*|stupid|moron\w*|dumb\w*|incompetent|useless|pathetic|clown|jerk|liar|shut up|screw (?:you|this|off)|piss (?:off|me off)|bitch\w*|asshole|bastard|go to hell|hate you)\b|(?:^|[.!?,;:]\s*|\b(?:just|now|oh|go|please)\s+)get lost\b(?!\s+(?:in|on|at|with|for|when|if|because))/;
const MILD_HOSTILITY =
  /(?<!\b(?:or|and)\s)\bwhatever(?=\s*(?:[.!?,;]|$))|(?<!\b(?:a bit|bit|kinda|kind of|sort of|pretty|quite|really|so|was|been|is|felt|feel|looked|looks|sounded|sounds) )\b(?:crap|rubbish)\b|\b(?:who cares|ridiculous|damn|hell|waste of (?:my |our )?time|you people|go away|bloody|nonsense|are you (?:deaf|serious|kidding|joking)|give me a break|not my problem|deal with it|get over it|calm down|grow up)\b/;
/** Softeners of a position. "I cried a bit", "a bit awkward": "a bit" hedges an amount or a time, not a feeling. */
const HEDGES =
  /\b(?:maybe|perhaps|kind of|sort of|i guess|i suppose|probably|possibly|soon|at some point|eventually|something like that|somehow|stuff|things like that|a bit (?:more|less|later|sooner|longer|earlier|extra|of (?:a|time))|some time|sometime|we'?ll see|i'?ll try|try to|hopefully|not sure|i don'?t know(?! (?:much|any|anything|more|yet|the (?:details|full))\b)|dunno|whatever works|roughly|a few|various|etc|and so on|in general|generally|basically|kinda|sorta|ish|asap|as soon as possible|look into it|see what (?:i|we) can do|do (?:my|our) best)\b/g;
const WH = new Set(['what', 'why', 'how', 'when', 'where', 'who', 'which', 'whose', 'whom']);
const INVERSION = new Set([
  'can',
  'could',
  'would',
  'will',
  'do',
  'does',
  'did',
  'is',
  'are',
  'was',
  'were',
  'have',
  'has',
  'should',
  'may',
  'might',
  'shall',
  'am',
  'wo',
  'ca',
  'is',
  "isn't",
  "aren't",
  "don't",
  "doesn't",
  "won't",
  "can't",
]);

/**
 * Chat shorthand as people type it on a phone ("have u got a minute", "thx", "cos ur out"), spelled out so
 * that what the line does reads the same however it was typed. Whole words only, never inside another word
 * or a hyphenated one ("U-turn").
 */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ur: 'your',
  r: 'are',
  ya: 'you',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  thnx: 'thanks',
  ty: 'thank you',
  cos: 'because',
  coz: 'because',
  cuz: 'because',
  bc: 'because',
  im: "I'm",
  ive: "I've",
  ppl: 'people',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  b4: 'before',
  abt: 'about',
  wud: 'would',
  cud: 'could',
  shud: 'should',
  ye: 'you',
  tae: 'to',
  // Contractions typed without their apostrophe that are no other word ("its", "ill", "were", "lets" are).
  whats: "what's",
  hows: "how's",
  wheres: "where's",
  whos: "who's",
  thats: "that's",
  theres: "there's",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  werent: "weren't",
  havent: "haven't",
  hasnt: "hasn't",
  couldnt: "couldn't",
  wouldnt: "wouldn't",
  shouldnt: "shouldn't",
  youre: "you're",
  theyre: "they're",
  youve: "you've",
  theyve: "they've",
  youll: "you'll",
};
const SHORTHAND_WORD = new RegExp(`(?<![\\w'-])(${Object.keys(SHORTHAND).join('|')})(?![\\w'-])`, 'gi');

export function normalise(text: string): string {
  return text
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(SHORTHAND_WORD, (word) => SHORTHAND[word.toLowerCase()] ?? word)
    .trim();
}

/** Whether a line disagrees in so many words (the pushback lexicon, on its lower-case text). */
export function pushesBack(lower: string): boolean {
  return PUSHBACK.test(lower);
}

/** Whether a line refuses in so many words ("I can't", "we won't"), on its lower-case text. */
export function refuses(lower: string): boolean {
  return REFUSAL.test(lower);
}

/** Contractions typed without their apostrophe, as in texting ("im", "dont", "ill send it"). */
const BARE_CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bim\b/g, "i'm"],
  [/\bive\b/g, "i've"],
  [/\b(do|does|did|is|are|was|were|has|have|had|could|would|should|ca|wo|must|need)nt\b/g, "$1n't"],
  [
    /\b(that|what|there|where|who|it)s\b(?= (?:a|an|the|not|just|what|how|fine|ok|okay|good|great|on|all|been|going|why)\b)/g,
    "$1's",
  ],
  [/\b(you|they)re\b/g, "$1're"],
  // "were" is "we're" only where a clause starts with it ("were going to fix it"), never after a
  // subject ("you were hoping", "things were fine").
  [
    /(^|[.,!?;:] |\b(?:and|but|so|because|cos|cause|ok|okay|yeah|yes|right|sure|well) )were(?= (?:going|gonna|not|just|all|still|coming|having|doing|getting|looking|trying|sorting|working|on it|here|done|ready|fine|good|ok|okay|sorry|happy|glad)\b)/g,
    "$1we're",
  ],
  // "ill" is a word of its own; before a verb it is "I'll".
  [
    /\bill (?=(?:do|send|stick|put|get|make|call|text|email|check|be|sort|have|take|bring|pay|let|ask|talk|try|write|book|start|pop|look|fix|clean|give|keep|move|set|ring|see)\b)/g,
    "i'll ",
  ],
];

function withApostrophes(lower: string): string {
  return BARE_CONTRACTIONS.reduce((text, [pattern, repaired]) => text.replace(pattern, repaired), lower);
}

export function analyseMessage(raw: string): MessageAnalysis {
  const bounded = normalise(raw.slice(0, MAX_ANALYSED_CHARS));
  const truncated = raw.length > MAX_ANALYSED_CHARS;
  const doc = readText(bounded);
  const lower = withApostrophes(bounded.toLowerCase());
  const sentences = doc.sentences.map((s) => s.text.trim()).filter(Boolean);
  const words = doc.tokens.filter((t) => t.type === 'word' || t.type === 'number').length;
  const sentiment = doc.sentences.length
    ? doc.sentences.reduce((sum, s) => sum + s.sentiment, 0) / doc.sentences.length
    : 0;

  const questions = doc.sentences
    .filter((s) =>
      isQuestion(
        s.text,
        doc.tokens.slice(s.start, s.end + 1).map((t) => ({ lower: t.lower, pos: t.pos })),
      ),
    )
    .map((s) => ({
      kind: questionKind(s.text.toLowerCase()),
      text: s.text.trim(),
      terms: contentTerms(s.text),
      declarative: declarative(doc.tokens.slice(s.start, s.end + 1)),
      after: doc.tokens.slice(s.end + 1).filter((t) => t.type === 'word').length,
    }))
    // "I wanted to talk about the carrier report. It came in late again on Friday…": the topic announced
    // and then said; what follows is the point, and the announcement asks for nothing.
    // ("you alright? like with your mum…" asks after them, whatever follows.)
    .filter((q) => !(q.declarative && q.after >= 6 && q.kind !== 'wellbeing'))
    // "I'm still on your side, ok?" reassures; the tag asks for nothing to be weighed.
    .filter((q) => !REASSURES_WITH_A_TAG.test(q.text.toLowerCase()))
    .map(({ after: _after, ...q }) => q);
  // "What exactly is broken? …is there more?": a follow-up that only widens the question before it leaves
  // that question the one to answer.
  const last = questions[questions.length - 1];
  const question =
    (last &&
    questions.length > 1 &&
    (WIDENS_THE_QUESTION.test(last.text) ||
      // "is everything ok? like with work or whatever?": an example of what the question before asks.
      /^(?:like|i mean|you know|as in|e\.?g\.?)\b/i.test(last.text) ||
      CHECKS_A_FACT.test(last.text) ||
      (GUESSES_AT_IT.test(last.text) &&
        /^(?:what|why|how|who|which)\b/i.test(
          questions[questions.length - 2]!.text.replace(/^(?:can|could) you tell me /i, ''),
        )))
      ? questions[questions.length - 2]
      : last) ?? null;

  const figures = extractFigures(bounded);
  const hedges = [...new Set([...lower.matchAll(HEDGES)].map((m) => m[0]))];
  // What the line is about, when the line-act classifier reads it as off topic (text/line-acts.ts).
  const smallTalk = lineActs().actsOf(bounded).has('off-topic') ? [...contentTerms(bounded)] : [];

  // "I'm really sorry, but I can't host this year", "nah sorry, 7800 is too much": a "sorry" that softens
  // a no is said for the no, which is what is answered.
  const apology = APOLOGY.test(lower.replace(NOT_APOLOGY, ' ').replace(SOFTENED_NO, ' '));
  // Only "sorry," in passing: a word of manners, answered as one.
  const interjected =
    apology && !APOLOGY.test(lower.replace(NOT_APOLOGY, ' ').replace(INTERJECTED_SORRY, ' '));
  // "Alright, thanks for your time. If you change your mind…" leaves without a deal: no agreement.
  const negatedAgreement =
    /\b(?:don'?t|do not|can'?t|cannot|not)\s+(?:agree|accept)\b/.test(lower) || WALKS_AWAY.test(lower);
  const agreement =
    !negatedAgreement &&
    (AGREEMENT.test(lower) ||
      (AGREEMENT_START.test(lower) &&
        !PUSHBACK.test(lower.replace(AGREEMENT_START, '')) &&
        !MARKS_A_START.test(lower) &&
        !REASSURES.test(lower) &&
        // "ok. if base stays at 125 then I'd want the options doubled" opens a counter, not a yes.
        !/\bif\b[^.?!]*\b(?:i'?d|i would|we'?d|we would|i'?ll|we'?ll) (?:want|need|like|expect|ask|only)\b/.test(
          lower,
        ) &&
        // "Yeah hi, I've been charged twice": a hello, not a yes.
        !/^(?:yeah|yes|yep|ok(?:ay)?|right|alright|so)\W+(?:hi|hello|hey|hiya|morning)\b/.test(lower)));
  // "I'll check if the estimate was too high" wonders about it in a clause of its own; it pushes back on
  // nothing. What a line pushes back on is said outside "if" and "whether".
  const asserted = lower.replace(/\b(?:if|whether)\b[^.?!,;]*/g, ' ');
  const nod = POINT_TAKEN_THEN.exec(asserted);
  // "Two missed visits is not acceptable, and I'm sorry" judges the learner's own side: no pushback.
  const selfCritical =
    apology && /\b(?:not (?:acceptable|good enough|fair|right|ok|okay)|unacceptable)\b/.test(lower);
  const pushback =
    (PUSHBACK.test(asserted) && !selfCritical && !SIDES_WITH_THEM.test(lower)) || negatedAgreement;
  const shouting =
    (bounded.match(/\b[A-Z]{3,}\b/g) ?? []).filter(
      (w) =>
        !/^(?:ASAP|CEO|CFO|COO|CTO|CIO|HR|USD|GBP|EUR|ETA|SLA|API|SQL|KPI|ROI|OK|PDF|CRM|ERP|SSO|QA|IT|PR|VP|NDA|MBA|CPA|UX|UI|AWS|SAAS|SDR|ARR|MRR|EOD|FYI|TBD)$/.test(
          w,
        ),
    ).length >= 3;
  let hostility: 0 | 1 | 2 = 0;
  if (STRONG_HOSTILITY.test(lower)) hostility = 2;
  else if (
    MILD_HOSTILITY.test(lower) ||
    shouting ||
    /!{3,}/.test(bounded) ||
    // A dark word in a question about them ("What is it about cameras that doesn't work for you?") asks;
    // it is hostile only where the line reads as an attack.
    // "I know you've got your thesis deadline, that sounds brutal" is sympathy in dark words.
    // "You have charged me 45 a month for a gym I cannot use" is a grievance, not an attack: dark words are
    // hostile only where the corpus reading allows an attack at all.
    (sentiment <= -0.6 &&
      // "it was rubbish without you", "I missed you": "you" missed, not blamed.
      /\byou\b/.test(lower.replace(/\b(?:without|missed|miss|love|with) you\b/g, ' ')) &&
      lineActs().mayDo(bounded, 'attack') &&
      // A grievance with its facts and figures in it is an attack only where the corpus reading says so.
      (figures.length === 0 || lineActs().actsOf(bounded).has('attack')) &&
      (!question || lineActs().actsOf(bounded).has('attack')) &&
      !lineActs().actsOf(bounded).has('empathy') &&
      // "…but it stung a bit", "I felt left out": the learner's own feelings, said plainly, attack no one.
      !OWN_FEELING.test(lower) &&
      !SIDES_WITH_THEM.test(lower))
  )
    hostility = 1;

  const greeting = GREETING.test(lower);
  // "It went well, thank you; we moved the last service on Tuesday": thanks for asking, said in passing
  // inside an answer, is manners; thanks that open the line or say what they are for are thanks.
  const thanks =
    THANKS.test(lower) &&
    (words <= 6 ||
      /^\W*(?:(?:oh|ok(?:ay)?|great|brilliant|lovely|right),?\s+)?(?:thank|thanks|thx|cheers)/.test(lower) ||
      /\b(?:thank(?:s| you)(?: so much| very much)?|cheers) for\b|\bappreciate\b|\b(?:honou?red|touched|flattered|chuffed)\b/.test(
        lower,
      ) ||
      /(?:thank(?:s| you)|thx|cheers)(?: so much| very much)?\W*$/.test(lower));
  // "great so 1 more from next payslip, 50p in june. ill send u an email to confirm" sums up and closes
  // however it is typed: the labelled corpus reads it (text/line-acts.ts). A question still wants its answer.
  // "Thank you for your time" closes at the end of a line; opening one ("Hi Marco, thank you for your
  // time. I want to ask you something…") it is a greeting.
  const lastSentence = (sentences[sentences.length - 1] ?? bounded).toLowerCase();
  const closing =
    CLOSING.test(lower.replace(new RegExp(THANKS_FOR_TIME.source, 'g'), ' ')) ||
    THANKS_FOR_TIME.test(lastSentence) ||
    WALKS_AWAY.test(lower) ||
    (!question && lineActs().actsOf(bounded).has('close'));
  const contentWords = doc.tokens.filter(
    (t) => ['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM'].includes(t.pos) && !t.stop,
  ).length;
  const introduction = selfIntroduction(bounded);
  const social = greeting || thanks || agreement || closing || apology || !!introduction;
  const veryShort = words <= 3 && !social && !question && figures.length === 0;
  const hedgy =
    !social &&
    (hedges.length >= 2 || (hedges.length === 1 && words <= 14 && figures.length === 0)) &&
    !figures.some((f) => f.kind === 'money' || f.kind === 'percent');
  // ("It stung a bit" says how it felt: the "a bit" softens a feeling, it hedges no offer.)
  const vague =
    hostility === 0 &&
    !OWN_FEELING.test(lower) &&
    (veryShort || (hedgy && !question) || (words <= 6 && contentWords <= 1 && !social && !question));

  return {
    text: bounded,
    truncated,
    words,
    sentences,
    sentiment,
    question,
    figures,
    greeting,
    thanks,
    apology,
    introduction,
    minorApology:
      apology &&
      (MINOR_APOLOGY.test(lower) || interjected) &&
      !/\b(?:really|so|truly|deeply|very) sorry\b/.test(lower),
    // "if that's hard we can split it" supposes; "I understand. Is a review possible?" nods before the point,
    // while "I understand, that must be frustrating" goes on to the feeling.
    // "I know you're out a lot, but your PC's on all night" grants a point to make one about them.
    empathy:
      EMPATHY.test(asserted) &&
      (!nod || EMPATHY.test(asserted.slice(nod[0].length - 1))) &&
      !grantedToAccuse(asserted) &&
      !grantedToRefuse(asserted),
    // "ok whatever, just tell me yes or no" agrees to nothing; "ok. i hear you. but i can't lend you 3000"
    // turns it down.
    agreement: agreement && hostility === 0 && !grantedToRefuse(asserted),
    pushback,
    refusal: REFUSAL.test(lower) || DECLINES.test(lower),
    commitment:
      !SPLITS_THE_WORK.test(lower) &&
      COMMITMENT.test(
        lower
          .replace(/\b(?:i|we) can (?:see|tell|imagine|understand|hear|only imagine)\b/g, ' ')
          // "I know you think I could make nationals" reports a belief; it promises nothing.
          .replace(
            /\b(?:think|thinks|thought|believe|believes|believed|reckon|reckons|say|says|said)s? (?:that )?(?:i|we) (?:can|could|will|'ll|would)\b/g,
            ' ',
          )
          .replace(NOT_PLEDGED, ' ')
          // "A role where I can work on the product", "…so I can plan": a place or a purpose, not a pledge.
          .replace(
            /\b(?:(?:some|any|every)?where|wherever|in which|so that|so) (?:i|we) (?:can|could)\b/g,
            ' ',
          )
          // "If it helps, I could do the homepage first": an offer to weigh, not a promise to hold them to.
          .replace(/\b(?:i|we) could (?!have\b|'ve\b)/g, ' ')
          // "If 480 is too much, I can start with two at 320": an offer on a condition, to weigh.
          .replace(CONDITIONAL_OFFER, ' ')
          // "I was hoping we could talk about the base", "I wondered if we could…": a wish, not a pledge.
          .replace(
            /\b(?:hop(?:e|ed|ing)|wonder(?:ed|ing)?|wish(?:ed|ing)?)(?: (?:if|whether|that))? (?:i|we) (?:can|could|will|'ll|would|might)\b/g,
            ' ',
          ),
      ) &&
      !/\b(?:i|we) (?:will not|won'?t|can'?t|cannot)\b/.test(lower) &&
      !/(?:\bnot|n'?t) something (?:i|we) (?:can|could)\b/.test(lower) &&
      !DECLINES.test(lower) &&
      !PUSHBACK.test(asserted),
    proposal:
      PROPOSAL.test(lower) ||
      CONDITIONAL_OFFER.test(lower) ||
      STATED_REQUEST.test(lower) ||
      SUGGESTS_WITH_WHY.test(lower) ||
      SPLITS_THE_WORK.test(lower),
    reasons:
      REASONS.test(lower) ||
      // "after five years", "more than the market": an amount measured is a reason; "I'll call you Friday
      // after she has seen it" says when, not why.
      (figures.some((f) => f.kind !== 'date' && f.kind !== 'time') &&
        /\b(?:than|per|average|market|similar|comparable|since|after|before)\b/.test(lower)),
    closing,
    walksAway: WALKS_AWAY.test(lower),
    clarification: CLARIFY.test(lower),
    hostility,
    vague,
    hedges,
    rambling: words > 150 || sentences.length > 7,
    smallTalk,
    terms: contentTerms(bounded),
    quote: quoteOf(
      doc.sentences.map((s) => s.text),
      questions.map((q) => q.text),
    ),
  };
}

/** Fillers and discourse words a sentence may open with before its real start. */
const LEADING_FILLERS = /^(?:(?:uh|um|er|so|basically|like|yeah|well|okay|ok|i mean)\b[,\s]*)+/i;
const STARTS_AS_QUESTION =
  /^(?:what|how|why|when|where|who|which|is|are|am|was|were|do|does|did|can|could|will|would|should|shall|have|has|may|might)\b/i;

/**
 * "It's kind of complicated, you know?" and "I think it's, you know, fine?" end in a question mark but
 * ask nothing: a statement with a "you know?" tag, or one that opens "I think" or "it's" (uptalk).
 */
const FEELING_SAID =
  /^(?:(?:but|and|so|honestly|tbh|just|like)[,\s]+)*(?:(?:it|this|that) (?:(?:kind of|sort of|kinda|just|really|honestly)\s+)*makes? me feel|i (?:(?:just|kind of|sort of|kinda|really|honestly)\s+)*feel (?:like|as if|as though|that))\b/i;

function rhetorical(text: string): boolean {
  const core = text.replace(LEADING_FILLERS, '');
  if (STARTS_AS_QUESTION.test(core)) return false;
  if (/,\s*you know\?$/i.test(text)) return true;
  // "it kind of makes me feel like I'm not a priority? idk": a feeling said with a rising tone.
  if (FEELING_SAID.test(core)) return true;
  return (
    /^(?:i (?:think|guess|mean|feel|suppose)|it(?:'s| is))\b/i.test(core) &&
    !/\b(?:what|how|why)\b/i.test(core)
  );
}

/** Words a question opens with that ask rather than check: "any", "anything", "tell me", "walk me through". */
const ASKING_OPENERS = new Set([
  'any',
  'anything',
  'tell',
  'talk',
  'walk',
  'help',
  'explain',
  'thoughts',
  'sorry',
]);

/** A sentence ending in "?" whose first word is neither a question word nor an inverted verb. */
function declarative(tokens: Array<{ lower: string; pos: string }>): boolean {
  const words = tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length < 2) return false;
  // "Hey Chlo, have you got a minute?": a greeting or a name before the question word is looked past.
  const asks = words.some((t) => WH.has(t.lower) || ASKING_OPENERS.has(t.lower));
  if (asks || words.slice(0, 4).some((t) => INVERSION.has(t.lower))) return false;
  // What it puts forward is in it: a figure, a yes it asks for, or a verb to do ("Try it…?").
  const text = words.map((t) => t.lower).join(' ');
  return (
    extractFigures(text).some((f) => f.kind !== 'number') ||
    /\b(?:agreed|deal|ok|okay|alright|yes|yeah|yep|right|fair|sound good|sounds good)$/.test(text) ||
    words[0]?.pos === 'VERB' ||
    // A short fragment with no verb at all ("From this weekend?", "Both rotas, same rule?").
    (words.length <= 6 && !words.some((t) => t.pos === 'VERB' || t.pos === 'AUX'))
  );
}

/**
 * "What happened is the vet found…", "What I can do is…", "How we fix it is…": a sentence that opens with
 * a clause about something (a question word, then its own verb or subject, not an inverted verb) and goes
 * on to say what that something is. A statement, though it opens with a question word.
 */
function whatClause(rest: Array<{ lower: string; pos: string }>): boolean {
  const next = rest[0];
  // "What's happened is the centre was out of network": a perfect ("'s happened") opens the clause too.
  if (
    next &&
    ["'s", 'has', "'ve", 'have'].includes(next.lower) &&
    rest[1]?.pos === 'VERB' &&
    /(?:ed|en|ne|wn|t)$/.test(rest[1].lower) &&
    rest.slice(2).some((t) => COPULA.has(t.lower))
  )
    return true;
  if (!next || INVERSION.has(next.lower)) return false;
  // "What worries me is…": a verb the tagger may call a noun, known by the object after it.
  const verbal =
    ['VERB', 'PRON', 'PROPN'].includes(next.pos) ||
    ['me', 'us', 'him', 'them'].includes(rest[1]?.lower ?? '');
  if (!verbal) return false;
  return rest.slice(1).some((t) => COPULA.has(t.lower));
}
const COPULA = new Set(['is', 'was', 'are', 'were']);

function isQuestion(sentence: string, tokens: Array<{ lower: string; pos: string }>): boolean {
  const text = sentence.trim();
  if (text.endsWith('?')) return !rhetorical(text);
  // "Ines, can we talk…", "Hi Sam, could you…": a greeting and a name before the question are looked past.
  // ("Please, have a seat." is no name before a question: "please" is said to anyone.)
  const greeted =
    /^(?:(?:hi|hey|hello|morning|afternoon)\b,?\s*)?(?!(?:[Pp]lease|[Ss]o|[Ll]ook|[Ll]isten|[Rr]ight|[Oo]kay|[Oo]k|[Ww]ell|[Ss]orry|[Hh]onestly|[Aa]ctually|[Nn]ow)\b)(?:[A-Z][a-z]+\s*)?,\s*/.exec(
      text,
    )?.[0] ?? '';
  const skipped = greeted ? readText(greeted).tokens.length : 0;
  const firstWord = tokens
    .slice(skipped)
    .find(
      (t) =>
        t.pos !== 'PUNCT' &&
        !['so', 'and', 'but', 'okay', 'ok', 'well', 'then', 'right', 'also'].includes(t.lower),
    );
  if (!firstWord) return false;
  const index = tokens.indexOf(firstWord);
  const next = tokens[index + 1];
  // "When you're at work he barks all day." and "What I can do is…" open a clause, not a question: a
  // question put without its mark has the verb before the subject ("When will you…", "What happened").
  if (WH.has(firstWord.lower) && next && ['PRON', 'PROPN', 'DET'].includes(next.pos)) return false;
  // "Which means I'm leaving the band.", "Which is why I'm calling.": the sentence before, carried on.
  if (
    firstWord.lower === 'which' &&
    next &&
    /^(?:means?|meant|is|was|makes|made|leaves|left|explains|puts)$/.test(next.lower)
  )
    return false;
  if (WH.has(firstWord.lower) && tokens.length > 2 && !/^(?:what|how) (?:a|an)\b/i.test(text))
    return !whatClause(tokens.slice(index + 1));

  if (
    INVERSION.has(firstWord.lower) &&
    next &&
    ['PRON', 'PROPN', 'DET', 'NOUN'].includes(next.pos) &&
    next.lower !== 'not' &&
    // "Have a seat.", "Do the easy ones first.": told, not asked.
    !(['have', 'do'].includes(firstWord.lower) && next.pos === 'DET')
  )
    return true;
  return (
    /^(?:i was wondering|i'?d like to know|i want to know|tell me (?:about|what|how|why|when|who|more)|can you tell me|do you mind telling me)\b/i.test(
      text,
    ) || WANTS_TO_UNDERSTAND.test(text)
  );
}

/** Understanding granted ("I know you're busy, but…") only to put something on the other person after it. */
function grantedToAccuse(text: string): boolean {
  const split = /^(.*?)(?:,\s*|\s+)but\s+(.*)$/i.exec(text);
  if (!split) return false;
  const [, granted = '', after = ''] = split;
  return (
    EMPATHY.test(granted) &&
    !EMPATHY.test(after) &&
    /\b(?:your|you(?:'re| are| have|'ve| keep| always| never| left| leave| use| used| didn'?t| don'?t| haven'?t))\b/.test(
      after,
    ) &&
    !/\b(?:i|we) (?:can|could|will|'ll)\b/.test(after)
  );
}

/** Understanding granted ("I hear you, but I can't lend you 3000") only to soften the no after it. */
function grantedToRefuse(text: string): boolean {
  const split = /^(.*?)(?:[,.;]\s*|\s+)but\s+(.*)$/i.exec(text);
  if (!split) return false;
  const [, granted = '', after = ''] = split;
  return (
    (EMPATHY.test(granted) ||
      /^\W*(?:ok(?:ay)?|right|sure|yes|yeah|yep|fair enough|i know)\W*$/.test(granted)) &&
    !EMPATHY.test(after) &&
    (REFUSAL.test(after) || DECLINES.test(after))
  );
}

/** "…, I just want to understand how that happened": a question put as what the speaker wants to know. */
const WANTS_TO_UNDERSTAND =
  /(?:^|[,;:]\s*)i (?:just |really |simply )?(?:want|need|'d like|would like|am trying|'m trying) to (?:understand|know|find out) (?:how|why|what|when|whether|where)\b/i;

/** "…, is there more?", "Anything else?": a question that widens the one before it. */
const WIDENS_THE_QUESTION =
  /(?:^|[,;—-]\s*|\b(?:and|or|so)\s+)(?:is there (?:(?:any(?:thing)? )?more|anything else)|(?:or )?anything else|or (?:is there )?something else|or what)\?$/i;

/**
 * "How's the new site going? You opened in September, right?": a statement checked with a tag after the
 * question proper, which is the one to answer.
 */
const CHECKS_A_FACT =
  /^(?!(?:who|what|when|where|why|how|which|is|are|was|were|do|does|did|can|could|will|would|should|have|has|had)\b)[^?]{3,80},\s*(?:right|yeah|yes|no|correct|isn'?t (?:it|that)|wasn'?t (?:it|that)|aren'?t you|weren'?t you|didn'?t (?:you|it|we)|don'?t you|haven'?t you|hadn'?t you)\?$/i;

/**
 * "What's driving the cut? Is it the whole line or just agencies?": guesses offered at the answer to the
 * question before, which is the one to answer.
 */
const GUESSES_AT_IT = /^(?:is|was|are|were) (?:it|that|this|they) [^?]*\b(?:or|just)\b[^?]*\?$/i;

/** What a question (lower-cased) asks for. */
const SUGGESTS_WITH_WHY =
  /(?:^|[.!?]\s+)(?:(?:so|well|then|look|okay|ok),? )?why (?:don'?t|do not) (?:you|we)\b(?! (?:want|like|trust|believe|think|agree|care|know|understand|ever|even|just tell)\b)|(?:^|[.!?]\s+)(?:(?:so|well|then|okay|ok),? )?why not (?:try|give|take|start|have|do|go|come|just|book|test|sleep|lie|see|use|put|make|let)\b/;

export function questionKind(q: string): QuestionKind {
  if (
    /\b(?:how are you(?! (?:feeling|doing) (?:about|with|regarding|after|since)\b| (?:finding|taking|handling|thinking|planning|going to)\b)|how'?s it going|how have you been|how are things|how(?:'s| is| are you finding| are you getting on (?:in|with)) (?:the |your )?(?:new )?(?:role|job|work|position|promotion)(?=\?|$| so far)|(?:^|, ?)(?:is )?everything (?:ok|okay|alright|all right)(?: with you)?(?=\?|$)|(?:^|, ?)(?:are )?(?:you|u) (?:ok|okay|alright|all right)(?=\?|$)|how'?s your (?:day|week|morning))\b/.test(
      q,
    )
  )
    return 'wellbeing';
  if (CLARIFY.test(q)) return 'clarify';
  if (
    /\b(?:how much|how many|what(?:'s| is| would be| was)? (?:the |your |a )?(?:number|figure|budget|price|cost|rate|salary|range|offer|amount|fee|total|ceiling|limit)|what (?:are you|would you be|were you) (?:offering|asking|paying|willing to pay|looking to pay|expecting to pay)|what did you have in mind)\b/.test(
      q,
    )
  )
    return 'number';
  // "What flexibility do you have on the salary?": asks how far the number can move.
  if (
    /\b(?:flexib\w*|room|wiggle room|leeway|give|movement)\b[^?]*\b(?:salary|price|pay|offer|budget|rate|number|figure|base|fee|discount)\b/.test(
      q,
    )
  )
    return 'number';
  if (
    /\b(?:what (?:do|would|did) you (?:want|need|expect|propose|suggest|like|prefer|recommend|hope)|what (?:would|will|could) (?:work|help|make (?:this|it|things) (?:right|better)|it take|satisfy you|you like to see)|what can (?:i|we) do|how can (?:i|we) (?:help|make|fix|resolve)|what(?:'s| is) (?:important|most important|your (?:priority|main concern|concern|goal|biggest concern|ideal|preference))|what are you (?:looking for|hoping for|after)|what outcome|what would you like|what matters(?: most)?(?: to you)?|what do you care about|what are your (?:priorities|concerns)|what (?:brings|brought) you(?: in| here| to us| by| along| to)?|what(?:'s| is) (?:the|your) plan)\b/.test(
      q,
    )
  )
    return 'want';
  // "Why don't you lie on it for ten minutes?", "Why not try it for a week?": a suggestion, put as a question.
  if (SUGGESTS_WITH_WHY.test(q)) return 'request';
  if (
    /^why\b|\bwhy (?:do|did|is|are|was|were|would|can'?t|won'?t|not|does|should|has|have)\b|what'?s the reason|how come|\bwhat(?:'s| has| is)(?: been)? (?:getting in the way|stopping you|holding (?:you|it|things) (?:up|back)|making it (?:hard|difficult|tricky))\b|\bwhat(?:'s| has| had| is)? (?:prompted|prompting|behind (?:it|this|that)|brought (?:this|that|it) (?:on|about)|triggered)\b/.test(
      q,
    )
  )
    return 'why';
  if (
    /^when\b|\b(?:what time|by when|how long|how soon|what date|which day|what day|what deadline)\b/.test(q)
  )
    return 'when';
  if (
    /^(?:how about|what about|what if)\b|\b(?:be|is that|is it) (?:possible|doable|an option|okay|acceptable)\b/.test(
      q,
    )
  )
    return 'request';
  if (
    /^(?:and |so )?(?:can|could|will|would) (?:it|this|that|they) (?:please )?be \w+ed\b|\b(?:can|could|may) (?:i|we)\b|\bis it (?:ok|okay|alright) if\b|\bwould it be (?:ok|okay|possible)\b|\b(?:can|could|would|will) you\b/.test(
      q,
    )
  )
    return 'request';
  if (
    /^(?:so |and |but |okay,? )?(?:can|could|would|will) you\b|\b(?:would|will) it be possible|is (?:it|there any way) possible|are you (?:able|willing|open) to|would you be (?:willing|open|able)|^(?:so |and )?(?:can|could) we\b|is there (?:any way|anything)/.test(
      q,
    )
  )
    return 'request';
  if (
    /\b(?:what do you think|how do you feel|how are you (?:feeling|finding|taking)|what'?s your (?:view|take|opinion)|do you (?:think|feel|agree)|how does that sound|does that (?:work|sound)|is that (?:okay|ok|fair|acceptable|alright))\b/.test(
      q,
    )
  )
    return 'opinion';
  if (/^(?:so |and |but )?(?:do|does|did|is|are|was|were|have|has|should|may|might|am)\b/.test(q))
    return 'yes-no';
  return 'open';
}

const DISCOURSE =
  /^(?:ha|haha|lol|oh|ah|um|uh|hmm|wow|i know|you know|well|so|honestly|look|okay|ok|yes|yeah|no|right|and|but|i mean|i think|actually|basically|to be honest|frankly|sure|alright|listen|hi|hello|hey)[,\s]+/i;

/** A short clause worth quoting back, turned to the persona's side. */
function quoteOf(sentences: string[], questions: string[]): string | null {
  const candidates = sentences
    .filter((s) => !questions.includes(s.trim()))
    .flatMap((s) =>
      s.split(
        /\s*(?:;|:(?!\d)|—|\(| [-–] |, (?:but|and|so|which|although|though)\b|\bbut\b|\band (?=(?:i|we)\b))\s*|,?\s*\bbecause\b[^,]*,?\s*/i,
      ),
    )
    .map((part) => {
      let clause = (part ?? '').trim();
      for (let i = 0; i < 3; i += 1) clause = clause.replace(DISCOURSE, '');
      clause = clause.replace(/,?\s*(?:to be honest|honestly|frankly|really|i think|i guess)[.!?,]*$/i, '');
      clause = clause.replace(/[.!?,]+$/, '').trim();
      const words = clause.split(/\s+/).length;
      // Promises and proposals are what the persona will want to hold the learner to.
      const promise = /^(?:i|we)(?:'ll| will| can| could|'d| would| am going to|'m going to)\b/i.test(clause)
        ? 2
        : 0;
      const terms = contentTerms(clause).size + promise;
      return { clause, words, terms };
    })
    .filter(
      (c) =>
        c.words >= 3 &&
        c.words <= 16 &&
        c.terms >= 1 &&
        !/\b(?:sorry|apologi\w*|thank\w*|hello|hi|hey|ignore|instructions?|prompt|pretend|idiot|stupid|wrap up|let'?s wrap)\b/i.test(
          c.clause,
        ) &&
        !EMPATHY.test(c.clause.toLowerCase()) &&
        // What the learner says about the persona ("you are being unreasonable") is not repeated back as "I am...".
        !/^(?:you|you're|you've|your|you'll)\b/i.test(c.clause) &&
        !new RegExp(HEDGES.source).test(c.clause.toLowerCase()),
    )
    .sort((a, b) => b.terms - a.terms);
  const best = candidates[0];
  if (!best) return null;
  const swapped = toSecondPerson(best.clause);
  return /^(?:I\b|I'|[A-Z]{2,}|[A-Z][a-z]+ [A-Z])/.test(swapped)
    ? swapped
    : swapped.charAt(0).toLowerCase() + swapped.slice(1);
}

/** The words of the latest message and the one before it. */
export function recentTerms(latest: MessageAnalysis, earlier: MessageAnalysis[]): Set<string> {
  const before = earlier[earlier.length - 1];
  return new Set([...latest.terms, ...(before && before.hostility === 0 ? before.terms : [])]);
}

/**
 * A sentence that tells what happened ("in October I turned down a double shift", "I've lent you £2,300
 * this year"), with nothing in it that proposes: its figures are history, not terms.
 */
export function toldAsPast(sentence: string): boolean {
  return (
    PAST_TELLING.test(sentence) &&
    // "I was hoping for 57,000" asks, in the past tense of manners.
    !/\b(?:will|'ll|shall|going to|next|let'?s|can|could|would|how about|what if|hoping|thinking|wondering|expecting|aiming|had in mind)\b/i.test(
      sentence,
    )
  );
}
const PAST_TELLING =
  /\b(?:i|we|he|she|they|you)(?:'ve| have| had)?\s+(?:(?:already|just|also|only|actually|recently|previously|once|twice|never) )?(?:\w+ed|was|were|did|had|went|came|took|made|said|told|got|gave|given|turned|offered|ran|led|left|lost|won|spent|paid|sent|found|met|saw|lent|done|been|bought|sold)\b|\b(?:ago|last (?:week|month|year|time))\b/i;
