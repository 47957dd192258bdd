import { type Category } from '../scorer/categories';

/*
 * What good looks like in each kind of conversation, as data. One entry per kind:
 *
 *   values   what this kind of conversation rewards, in a sentence (for the reader of this table)
 *   weights  how much an earned category counts here (1 when absent; 0.5 = half; 0 = not at all)
 *   expects  the moves a learner should make here. When a move is missing from the whole transcript
 *            (see `MOVES` in score-transcript.ts for how each is detected), its `weakness` and
 *            `suggestion` are shown, most severe first. A move a kind does not list is never asked for:
 *            an interview is not told to "make a proposal", a stand-up is not told to name a figure.
 *   phrases  example lines the coach offers (the inline tip's rewrite uses them too)
 *
 * A weakness sentence is shown only when the move is absent, so it may say "never"; a suggestion is
 * advice and may show an example in quotation marks. `{figure}` in a suggestion or in `ask` becomes the
 * learner's own figure when they named one. To add a kind: add it to ScenarioKind, write its entry here
 * and map its category in scenario-kind.ts.
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
  | 'networking'
  | 'executive'
  | 'crisis'
  | 'general';

/** Moves whose absence from a transcript the scorer can establish (see MOVES in score-transcript.ts). */
export type Move = 'specifics' | 'acknowledgement' | 'questions' | 'reasons' | 'asks' | 'closing' | 'apology';

export interface Expectation {
  /** Ranks the weakness against the others (a cost's severity is the points it took, 0–5). */
  severity: number;
  weakness: string;
  suggestion: string;
  /** What to suggest when the learner named no figure; needed wherever `suggestion` has `{figure}`. */
  suggestionWithoutFigure?: string;
}

export interface KindRubric {
  values: string;
  weights: Partial<Record<Category, number>>;
  expects: Partial<Record<Move, Expectation>>;
  /** Whether the other person is likely upset, so a tense moment calls for naming the frustration. */
  emotional: boolean;
  phrases: {
    acknowledgement: string;
    /** A concrete closing ask; `{figure}` is the learner's figure. */
    ask: string;
    /** The ask when the learner named no figure (defaults to `ask`). */
    askWithoutFigure?: string;
    /** Where a reason belongs, with a bracketed slot for the fact only the learner knows. */
    /** What the other side is likely to do when the learner hedges. */
    hedgeEffect: string;
  };
}

const CLOSING: Expectation = {
  severity: 0.6,
  weakness: "You didn't close with a summary of what was agreed or a next step.",
  suggestion: 'Close by summarising what you agreed and naming the next step and its date.',
};

export const KINDS: Record<ScenarioKind, KindRubric> = {
  negotiation: {
    values: 'Enthusiasm first, then a specific figure with a reason, and no yes or no on the spot.',
    weights: {},
    emotional: false,
    expects: {
      specifics: {
        severity: 1.4,
        weakness: 'You never named a number or a date, so there was nothing concrete to negotiate.',
        suggestion: 'Name the exact figure you want and the fact behind it (market data, a result, a date).',
      },
      reasons: {
        severity: 1.3,
        weakness: "You didn't give reasons or evidence for your position, which makes it easy to say no to.",
        suggestion:
          'Follow your number with "because…" and one fact — market data, a qualification or a result.',
      },
      asks: {
        severity: 1.2,
        weakness: 'You never made a concrete proposal or ask, so the offer stayed where it was.',
        suggestion: "Name the number you want and ask for it plainly: “I'm asking for {figure}.”",
        suggestionWithoutFigure: 'Name the exact number you want and ask for it plainly, in one sentence.',
      },
      questions: {
        severity: 0.9,
        weakness: "You didn't ask a single question about their budget or their flexibility.",
        suggestion:
          'Find out where they can move: "Which parts of the package can you adjust, and which are fixed?"',
      },
      acknowledgement: {
        severity: 0.8,
        weakness: 'You never thanked them or acknowledged their position before making your case.',
        suggestion: 'Open with genuine thanks, e.g. "Thanks for the offer — I\'d love to make this work."',
      },
    },
    phrases: {
      acknowledgement: 'Thank you — I appreciate you taking the time to discuss this.',
      ask: 'Would {figure} work for you?',
      askWithoutFigure: 'Can we agree on a specific figure today?',
      hedgeEffect: 'a number wrapped in "maybe" invites a lower counter-offer',
    },
  },
  feedback: {
    values: 'The specific behaviour and its impact, an open question about the cause, an agreed change.',
    weights: {},
    emotional: true,
    expects: {
      specifics: {
        severity: 1.3,
        weakness:
          'You gave no concrete example — a date, a deadline or a number — so the feedback stayed general.',
        suggestion: 'Name one specific instance and its impact: the date, and what it held up.',
      },
      questions: {
        severity: 1.3,
        weakness:
          "You didn't ask a single question about what got in the way, so you never heard their side.",
        suggestion: 'Ask one open question about the cause, e.g. "How do you see it from your side?"',
      },
      asks: {
        severity: 1.1,
        weakness: 'You never proposed a concrete change, so nothing is set to be different next time.',
        suggestion:
          'Agree one concrete change and a way to flag problems early, e.g. "Can we check in on Thursdays?"',
      },
      acknowledgement: {
        severity: 1.0,
        weakness: "You never acknowledged the other person's side or their effort.",
        suggestion:
          'Recognise what they do well before the change you need, e.g. "I value the care you put in."',
      },
      closing: CLOSING,
    },
    phrases: {
      acknowledgement: 'I want this conversation to be genuinely useful for you.',
      ask: 'What would help you make this change, and can we check in on it next week?',
      hedgeEffect: 'soft feedback is easy to hear as optional, so the behaviour may not change',
    },
  },
  conflict: {
    values: 'Their side heard, the specific moment and its impact named calmly, and an agreed practice.',
    weights: {},
    emotional: true,
    expects: {
      acknowledgement: {
        severity: 1.5,
        weakness: "You never acknowledged the other person's view or feelings before making your case.",
        suggestion:
          'Acknowledge their side first, e.g. "I can see you were under a lot of pressure that week."',
      },
      questions: {
        severity: 1.1,
        weakness: "You didn't ask a single question about how they saw it.",
        suggestion: 'Ask how they saw it before you propose anything: "How did it look from your side?"',
      },
      specifics: {
        severity: 1.0,
        weakness: 'You gave no concrete numbers or dates, so it stayed a general complaint.',
        suggestion:
          'Name the specific moment — the day, the meeting, the piece of work — and its impact on you.',
      },
      asks: {
        severity: 1.1,
        weakness: 'You never made a concrete proposal or ask about how to handle it from now on.',
        suggestion:
          'Propose one practice for the future: "Can we agree on how we\'ll handle this from now on?"',
      },
      closing: CLOSING,
    },
    phrases: {
      acknowledgement: 'How we get on matters to me, so I would rather talk this through now.',
      ask: "Can we agree on how we'll handle this from now on?",
      hedgeEffect: 'the other person can agree warmly and still change nothing',
    },
  },
  boundaries: {
    values:
      'The pattern and its impact described calmly, a clear request, and an agreed rule for exceptions.',
    weights: {},
    emotional: true,
    expects: {
      asks: {
        severity: 1.4,
        weakness: 'You never made a clear request about what should change.',
        suggestion:
          'Make one clear request that says what should happen from now on: "From now on, can you ask me first?"',
      },
      specifics: {
        severity: 1.2,
        weakness: 'You gave no concrete numbers, dates or times, so the pattern was easy to wave away.',
        suggestion: 'Describe the pattern with specifics: how often, at what times, and what it costs you.',
      },
      reasons: {
        severity: 1.0,
        weakness: "You didn't give reasons or evidence for the request, so it is easy to dismiss.",
        suggestion: 'Say why it matters: what it does to your evenings, your focus or the work itself.',
      },
      acknowledgement: {
        severity: 0.9,
        weakness: "You never acknowledged the other person's needs before stating your limit.",
        suggestion: 'Recognise their side first, e.g. "I understand some things really are urgent."',
      },
      closing: CLOSING,
    },
    phrases: {
      acknowledgement:
        'I do want to help where I can, so I want to be straight with you about what I can do.',
      ask: 'Can we agree on what happens from now on?',
      hedgeEffect: 'a boundary stated tentatively tends to be tested again',
    },
  },
  customer: {
    values:
      'An apology and the impact acknowledged, a concrete remedy with a date, and a confirmed next step.',
    weights: { apology: 1.5 },
    emotional: true,
    expects: {
      apology: {
        severity: 1.4,
        weakness: 'You never apologised for what went wrong.',
        suggestion: 'Apologise for the specific problem early: "I\'m sorry your order arrived late."',
      },
      acknowledgement: {
        severity: 1.3,
        weakness: 'You never acknowledged how the problem affected them.',
        suggestion: 'Name the impact before the fix, e.g. "I can see how frustrating that was."',
      },
      asks: {
        severity: 1.3,
        weakness: 'You never offered or proposed a concrete remedy, so they left without a fix.',
        suggestion:
          'Offer one concrete remedy and when it happens: "I can refund the fee today; would that help?"',
      },
      specifics: {
        severity: 1.1,
        weakness: 'You gave no concrete numbers or dates, so they cannot tell what will happen.',
        suggestion: 'Say exactly what happens and when — an amount, a date, a reference number.',
      },
      closing: { ...CLOSING, severity: 0.8 },
    },
    phrases: {
      acknowledgement: "I'm really sorry about the trouble this has caused you.",
      ask: 'What would put this right for you?',
      hedgeEffect: 'the customer hears uncertainty where they want a commitment',
    },
  },
  sales: {
    values: 'Questions about their work and its costs first, then what fits their problem, then a next step.',
    weights: {},
    emotional: false,
    expects: {
      questions: {
        severity: 1.5,
        weakness: "You didn't ask a single question about how they work or what the problem costs them.",
        suggestion:
          'Start with open questions: "How does the work reach you today, from first contact to done?"',
      },
      asks: {
        severity: 1.2,
        weakness:
          'You never proposed a next step, such as a demo or a call, so the conversation had no clear outcome.',
        suggestion:
          'Propose one next step with a date: "Would a short demo on Thursday, focused on that, be useful?"',
      },
      specifics: {
        severity: 1.0,
        weakness: 'You gave no concrete numbers or dates, so the value stayed abstract.',
        suggestion: 'Put a number on it — the hours, orders or money at stake — in their own terms.',
      },
      acknowledgement: {
        severity: 0.8,
        weakness: 'You never acknowledged their situation or their concerns.',
        suggestion:
          'Reflect back what you heard before you suggest anything: "So the manual steps cost you hours."',
      },
      closing: CLOSING,
    },
    phrases: {
      acknowledgement: "I know your time is valuable, so I'll keep this focused on what matters to you.",
      ask: 'Would a short demo this week be useful?',
      hedgeEffect: 'the buyer hears doubt about your own offer',
    },
  },
  interview: {
    values:
      'Structured answers with a concrete result, an example behind each claim, and interest in the role.',
    weights: { asks: 0.5, benefits: 0.5 },
    emotional: false,
    expects: {
      specifics: {
        severity: 1.4,
        weakness: 'You gave no concrete numbers or dates, so your experience stayed abstract.',
        suggestion: 'Give one result with a number: what you did, for whom, and what changed.',
      },
      reasons: {
        severity: 1.1,
        weakness: "You didn't back your claims with a reason or a concrete result of your work.",
        suggestion: 'Back each claim with one example: a result of yours, with its number.',
      },
      questions: {
        severity: 0.8,
        weakness: "You didn't ask a single question about the role or the team.",
        suggestion:
          'Ask one question about the role, e.g. "How will you judge whether the first months went well?"',
      },
      closing: {
        severity: 0.6,
        weakness: "You didn't close with a summary of what you would bring or a next step.",
        suggestion: 'Close by saying in one sentence what you would bring and why you want this role.',
      },
    },
    phrases: {
      acknowledgement: 'Thank you for the question.',
      ask: 'Which part of that would you like me to go deeper on?',
      hedgeEffect: 'the interviewer may read it as a lack of confidence in your own experience',
    },
  },
  meeting: {
    values:
      'A short, structured update or point: what is done, what is next, what blocks you and the help you need.',
    weights: { benefits: 0.5 },
    emotional: false,
    expects: {
      specifics: {
        severity: 1.3,
        weakness: 'You gave no concrete numbers or dates, so the update was hard to act on.',
        suggestion: 'Say what is done, what is next and by when, with one concrete detail each.',
      },
      asks: {
        severity: 1.2,
        weakness: 'You never made a concrete proposal or ask, so nobody knows what you need from them.',
        suggestion: 'Name the one thing you need and from whom: "Can someone help me get X today?"',
      },
      questions: {
        severity: 0.7,
        weakness: "You didn't ask a single question to hear what the others think.",
        suggestion: 'Check the plan with the others once: "Anything you would change in that?"',
      },
      closing: {
        severity: 0.7,
        weakness: "You didn't close with a summary or a next step for who does what.",
        suggestion: 'Close with the next step, its owner and its date.',
      },
    },
    phrases: {
      acknowledgement: 'I appreciate everyone weighing in on this.',
      ask: 'Can we agree on an owner and a date for the next step?',
      hedgeEffect: 'the room may move on without acting on your point',
    },
  },
  networking: {
    values:
      'A natural opener, curiosity about the other person, a short account of yourself and a reason to follow up.',
    weights: { asks: 0.7, unsupported: 0.5 },
    emotional: false,
    expects: {
      questions: {
        severity: 1.5,
        weakness:
          "You didn't ask a single question about the other person, so there was little to connect on.",
        suggestion: 'Ask open questions about them: "What brings you here?" or "How did you get into that?"',
      },
      specifics: {
        severity: 1.0,
        weakness: 'You gave no concrete numbers or dates about who you are or what you do.',
        suggestion:
          'Say who you are in one sentence with one concrete detail: your role, your team, one result.',
      },
      closing: {
        severity: 1.0,
        weakness: "You didn't close with a next step, such as a way to stay in touch.",
        suggestion:
          'End with a reason to follow up and how: "Can I send you that article by email tomorrow?"',
      },
    },
    phrases: {
      acknowledgement: 'That sounds really interesting.',
      ask: 'Would it be all right if I followed up by email next week?',
      hedgeEffect: 'the other person may not know what you would like from the conversation',
    },
  },
  executive: {
    values:
      'The headline and the number first, the reason and the evidence, a recommendation and the decision you need.',
    weights: {},
    emotional: false,
    expects: {
      specifics: {
        severity: 1.5,
        weakness: 'You gave no concrete numbers or dates, so there was nothing to decide on.',
        suggestion: 'Lead with the headline and its number: what happened, by how much, and by when.',
      },
      asks: {
        severity: 1.3,
        weakness: 'You never made a concrete proposal or ask for a decision or for support.',
        suggestion:
          'Ask for the decision you need in one sentence, naming what you will do once you have it.',
      },
      reasons: {
        severity: 1.1,
        weakness: "You didn't give reasons or evidence for your recommendation.",
        suggestion: 'Give the one reason and the one figure that support your recommendation.',
      },
      closing: CLOSING,
    },
    phrases: {
      acknowledgement: 'This is hard news to hear, so here it is plainly.',
      ask: 'Can I have your decision on this today?',
      hedgeEffect: 'leaders hear doubt and may decide without your recommendation',
    },
  },
  crisis: {
    values: 'The impact acknowledged, the known facts with times, no speculation, and specific commitments.',
    weights: { apology: 1.5 },
    emotional: true,
    expects: {
      acknowledgement: {
        severity: 1.4,
        weakness: 'You never acknowledged the impact on the people affected.',
        suggestion: 'Acknowledge the impact first: "This has hit people hard, and their concern is fair."',
      },
      specifics: {
        severity: 1.3,
        weakness: 'You gave no concrete numbers, dates or times, so nobody could tell what is known.',
        suggestion: 'Say what you know with times and numbers, and separate it from what is still unknown.',
      },
      closing: {
        severity: 1.1,
        weakness: "You didn't close with a next step, such as when the next update comes.",
        suggestion: 'Commit to the next update and its time: "I will update you at 4 p.m. today."',
      },
      apology: {
        severity: 1.0,
        weakness: 'You never apologised or took responsibility for what happened.',
        suggestion: 'Apologise once, plainly, for what happened, without shifting blame.',
      },
    },
    phrases: {
      acknowledgement: 'This is worrying, so let me give you every fact we have.',
      ask: 'Shall I send you a short written update at fixed times until it is fixed?',
      hedgeEffect: 'people hear uncertainty and fill the gap with rumours',
    },
  },
  general: {
    values: 'Listening first, then a clear point, a reason and a next step.',
    weights: {},
    emotional: true,
    expects: {
      acknowledgement: {
        severity: 1.3,
        weakness: "You never acknowledged the other person's view or feelings before making your case.",
        suggestion:
          'Open your reply by naming what you heard, e.g. "I understand where you are coming from."',
      },
      specifics: {
        severity: 1.2,
        weakness: 'You gave no concrete numbers or dates, so your points stayed abstract.',
        suggestion:
          'Add one concrete detail per point — a number, a date or a name — so it cannot be misread.',
      },
      asks: {
        severity: 1.1,
        weakness: 'You never made a concrete proposal or ask, so the conversation had no clear outcome.',
        suggestion:
          'End with a specific proposal — what and by when — e.g. "Can we agree on a next step today?"',
      },
      questions: {
        severity: 1.0,
        weakness: "You didn't ask a single question about what the other person needs or thinks.",
        suggestion:
          'Ask at least one open question about their needs, e.g. "What would a good outcome look like for you?"',
      },
      reasons: {
        severity: 0.8,
        weakness: "You didn't give reasons or evidence for your position, which makes it easy to say no to.",
        suggestion: 'Follow each ask with "because…" and one fact — a result, a figure or a date.',
      },
      closing: CLOSING,
    },
    phrases: {
      acknowledgement: 'I understand where you are coming from.',
      ask: 'Can we agree on a next step today?',
      hedgeEffect: 'the other person may treat your point as optional',
    },
  },
};

/** An opening acknowledgement that fits the kind (a calming one when the moment is tense). */
export function acknowledgementFor(kind: ScenarioKind, tense: boolean): string {
  return tense
    ? 'I can see this has been frustrating, and I want to sort it out with you.'
    : KINDS[kind].phrases.acknowledgement;
}

/**
 * A concrete closing ask that fits the kind, with the learner's figure only where the caller knows it is
 * the figure they asked for (a hedged ask's own number). A line's first number is as often what they have
 * now ("I'm on 17.25") or a count ("14 months"): "Would 14 months work for you?" is nonsense.
 */
export function askFor(kind: ScenarioKind, askedFigure?: string): string {
  const { ask, askWithoutFigure } = KINDS[kind].phrases;
  if (askedFigure) return ask.replace('{figure}', askedFigure);
  return askWithoutFigure ?? ask.replace('{figure}', 'the number you have in mind');
}
