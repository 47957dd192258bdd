import { type SessionFeedback, sessionFeedbackSchema } from '@parley/contracts';
import {
  LABELLED_TRANSCRIPTS,
  LEVELS,
  type LabelledTranscript,
  type Level,
} from '../__fixtures__/labelled-transcripts';
import {
  CONFLICT_TOOK_CREDIT,
  INTERVIEW_ABOUT_YOURSELF,
  SALARY_FIRST_OFFER,
  SALES_BAKERY_DISCOVERY,
} from '../__fixtures__/scenarios';
import { KINDS } from '../scenario/kinds';
import { type ClaimGate, UNGATED, WITHHELD_CLAIMS } from './claim-gate';
import { scoreTranscript } from './score-transcript';

type Dimension = 'clarity' | 'empathy' | 'persuasion';
const DIMENSIONS: Dimension[] = ['clarity', 'empathy', 'persuasion'];
const rank = (level: Level): number => LEVELS.indexOf(level);

const scored = new Map<string, SessionFeedback>(
  LABELLED_TRANSCRIPTS.map((t) => [t.id, scoreTranscript(t.messages, t.scenario)]),
);
const feedbackOf = (t: LabelledTranscript): SessionFeedback => {
  const feedback = scored.get(t.id);
  if (!feedback) throw new Error(`no feedback for ${t.id}`);
  return feedback;
};

/** Every pair in a family whose labels differ on a dimension: [dimension, better, worse]. */
const familyPairs: Array<[Dimension, LabelledTranscript, LabelledTranscript]> = [];
for (const dimension of DIMENSIONS) {
  for (const a of LABELLED_TRANSCRIPTS) {
    for (const b of LABELLED_TRANSCRIPTS) {
      if (a.family === b.family && rank(a.labels[dimension]) > rank(b.labels[dimension]))
        familyPairs.push([dimension, a, b]);
    }
  }
}

/** Every "excellent" against every "poor", across families: [dimension, excellent, poor]. */
const crossPairs: Array<[Dimension, LabelledTranscript, LabelledTranscript]> = [];
for (const dimension of DIMENSIONS) {
  for (const a of LABELLED_TRANSCRIPTS.filter((t) => t.labels[dimension] === 'excellent')) {
    for (const b of LABELLED_TRANSCRIPTS.filter((t) => t.labels[dimension] === 'poor'))
      crossPairs.push([dimension, a, b]);
  }
}

describe('the labelled transcripts', () => {
  it('hold at least 30 transcripts over at least 6 kinds of scenario', () => {
    expect(LABELLED_TRANSCRIPTS.length).toBeGreaterThanOrEqual(30);
    const categories = new Set(
      LABELLED_TRANSCRIPTS.flatMap((t) => (t.scenario ? [t.scenario.category] : [])),
    );
    expect(categories.size).toBeGreaterThanOrEqual(6);
    expect(familyPairs.length).toBeGreaterThan(60);
  });
});

describe('scoreTranscript orders transcripts as labelled', () => {
  it.each(familyPairs.map(([d, a, b]) => [d, a.id, a.labels[d], b.id, b.labels[d]] as const))(
    '%s: %s (%s) scores higher than %s (%s)',
    (dimension, betterId, _betterLabel, worseId) => {
      const better = LABELLED_TRANSCRIPTS.find((t) => t.id === betterId);
      const worse = LABELLED_TRANSCRIPTS.find((t) => t.id === worseId);
      if (!better || !worse) throw new Error('missing fixture');
      expect(feedbackOf(better)[dimension]).toBeGreaterThan(feedbackOf(worse)[dimension]);
    },
  );

  it('scores every excellent transcript above every poor one, across scenarios', () => {
    const violations = crossPairs
      .filter(([d, a, b]) => feedbackOf(a)[d] <= feedbackOf(b)[d])
      .map(([d, a, b]) => `${d}: ${a.id} ${feedbackOf(a)[d]} <= ${b.id} ${feedbackOf(b)[d]}`);
    expect(violations).toEqual([]);
  });
});

describe('scoreTranscript calibration', () => {
  const calibration = LABELLED_TRANSCRIPTS.filter((t) => !t.heldOut);
  const heldOut = LABELLED_TRANSCRIPTS.filter((t) => t.heldOut);

  it('gives an excellent transcript 8 or more on each dimension labelled excellent', () => {
    for (const t of calibration) {
      for (const d of DIMENSIONS)
        if (t.labels[d] === 'excellent') expect([t.id, d, feedbackOf(t)[d] >= 8]).toEqual([t.id, d, true]);
    }
  });

  it('keeps held-out excellent transcripts out of the red band (6 or more)', () => {
    for (const t of heldOut) {
      for (const d of DIMENSIONS)
        if (t.labels[d] === 'excellent') expect([t.id, d, feedbackOf(t)[d] >= 6]).toEqual([t.id, d, true]);
    }
  });

  it('puts average transcripts between their poor and excellent counterparts, mostly mid-range', () => {
    const averages = LABELLED_TRANSCRIPTS.flatMap((t) =>
      DIMENSIONS.filter((d) => t.labels[d] === 'average').map((d) => feedbackOf(t)[d]),
    );
    const mean = averages.reduce((a, b) => a + b, 0) / averages.length;
    expect(mean).toBeGreaterThanOrEqual(3.5);
    expect(mean).toBeLessThanOrEqual(6.5);
    for (const score of averages) expect(score).toBeLessThan(8);
  });

  it('scores poor dimensions low (under 4)', () => {
    for (const t of LABELLED_TRANSCRIPTS) {
      for (const d of DIMENSIONS)
        if (t.labels[d] === 'poor') expect([t.id, d, feedbackOf(t)[d] < 4]).toEqual([t.id, d, true]);
    }
  });
});

describe('scoreTranscript output', () => {
  it.each(LABELLED_TRANSCRIPTS.map((t) => [t.id, t] as const))(
    '%s: matches the contract, scores 0–10 with one decimal',
    (_, t) => {
      const feedback = feedbackOf(t);
      expect(sessionFeedbackSchema.parse(feedback)).toEqual(feedback);
      for (const d of DIMENSIONS) {
        expect(feedback[d]).toBeGreaterThanOrEqual(0);
        expect(feedback[d]).toBeLessThanOrEqual(10);
        expect(Math.round(feedback[d] * 10) / 10).toBe(feedback[d]);
      }
    },
  );

  it.each(LABELLED_TRANSCRIPTS.map((t) => [t.id, t] as const))(
    '%s: evidence quotes the learner verbatim, at most 3 earned and 3 cost lines per score',
    (_, t) => {
      const feedback = feedbackOf(t);
      const learnerLines = new Set(t.messages.filter((m) => m.sender === 'user').map((m) => m.content));
      for (const d of DIMENSIONS) {
        const evidence = feedback.evidence[d];
        for (const e of evidence) {
          expect(learnerLines.has(e.line)).toBe(true);
          expect(e.reason.length).toBeGreaterThan(5);
        }
        expect(evidence.filter((e) => e.effect === 'earned').length).toBeLessThanOrEqual(3);
        expect(evidence.filter((e) => e.effect === 'cost').length).toBeLessThanOrEqual(3);
      }
    },
  );

  it.each(LABELLED_TRANSCRIPTS.map((t) => [t.id, t] as const))(
    '%s: gives 2–4 weaknesses and suggestions, at most 4 strengths and 2 or more for an excellent one',
    (_, t) => {
      const feedback = feedbackOf(t);
      const words = t.messages
        .filter((m) => m.sender === 'user')
        .flatMap((m) => m.content.split(/\s+/).filter(Boolean)).length;
      expect(feedback.weaknesses.length).toBeGreaterThanOrEqual(2);
      expect(feedback.weaknesses.length).toBeLessThanOrEqual(4);
      expect(feedback.suggestions.length).toBeGreaterThanOrEqual(2);
      expect(feedback.suggestions.length).toBeLessThanOrEqual(4);
      expect(feedback.strengths.length).toBeLessThanOrEqual(4);
      // Praise is earned, never padded: a poor transcript may get none.
      if (words >= 10 && DIMENSIONS.some((d) => t.labels[d] === 'excellent'))
        expect(feedback.strengths.length).toBeGreaterThanOrEqual(2);
      for (const text of [...feedback.strengths, ...feedback.weaknesses, ...feedback.suggestions]) {
        expect(text).toMatch(/^[A-Z“"]/);
        expect(text).toMatch(/[.?!”"]$/);
      }
      expect(new Set(feedback.suggestions).size).toBe(feedback.suggestions.length);
    },
  );

  it('quotes the learner in strengths and weaknesses', () => {
    const t = byId('salary-excellent');
    const excellent = feedbackOf(t);
    const said = t.messages.filter((m) => m.sender === 'user').map((m) => m.content);
    const quoted = excellent.strengths.flatMap((s) => [...s.matchAll(/“([^”]+?)(?:…)?”/g)].map((m) => m[1]!));
    expect(quoted.length).toBeGreaterThan(0);
    for (const words of quoted) expect(said.some((line) => line.includes(words))).toBe(true);
    const vague = feedbackOf(byId('salary-vague'));
    expect(vague.weaknesses.join(' ')).toMatch(/“I guess”/);
    const dismissive = feedbackOf(byId('service-dismissive'));
    expect(dismissive.weaknesses.join(' ')).toMatch(/“Calm down”|“it's not a big deal”/);
  });

  it('holds back the kinds of claim the gate withholds, and says them ungated', () => {
    const t = byId('salary-excellent');
    const ungated = scoreTranscript(t.messages, t.scenario, UNGATED);
    const specifics = /^You used concrete specifics\b.*\$57,000/;
    expect(ungated.strengths.some((s) => specifics.test(s))).toBe(true);
    expect(WITHHELD_CLAIMS['strength:specifics']).toBeDefined();
    const shipped = scoreTranscript(t.messages, t.scenario);
    expect(shipped.strengths.some((s) => specifics.test(s))).toBe(false);
    // Withholding words changes no score.
    expect([shipped.clarity, shipped.empathy, shipped.persuasion]).toEqual([
      ungated.clarity,
      ungated.empathy,
      ungated.persuasion,
    ]);
    // Every "you never did X" of a kind's expectations goes when the gate withholds the absence claims.
    const expected = new Set(
      Object.values(KINDS).flatMap((k) => Object.values(k.expects).map((e) => e.weakness)),
    );
    const noAbsence: ClaimGate = { says: (kind) => !kind.startsWith('absence:') };
    const denials = (gate: ClaimGate) =>
      LABELLED_TRANSCRIPTS.flatMap((x) =>
        scoreTranscript(x.messages, x.scenario, gate).weaknesses.filter((w) => expected.has(w)),
      );
    expect(denials(UNGATED).length).toBeGreaterThan(0);
    expect(denials(noAbsence)).toEqual([]);
  });

  it('rewrites the most hedged sentence in its suggestion', () => {
    const vague = feedbackOf(byId('salary-vague'));
    const hedgeTip = vague.suggestions.find((s) => s.startsWith('Drop the hedges'));
    expect(hedgeTip).toBeDefined();
    expect(hedgeTip).toContain('instead of');
  });

  it('checks the objectives one by one and suggests the missed one without quoting it as the learner', () => {
    const t = byId('feedback-average');
    const feedback = feedbackOf(t);
    const open = feedback.objectives?.find((o) => o.objective.startsWith('Ask open questions'));
    expect(open).toEqual({ objective: expect.stringMatching(/^Ask open questions/), met: false });
    expect(feedback.weaknesses.join(' ')).not.toContain("scenario's objective");
    // The first objective no line did (one the words cannot settle is unsure, and never "missed").
    const missed = feedback.objectives?.find((o) => !o.met && !o.unsure)?.objective ?? '';
    const lowered = missed.charAt(0).toLowerCase() + missed.slice(1);
    expect(feedback.suggestions.join(' ')).toContain(
      `Next time, work on this objective: ${lowered}. What a strong answer does: `,
    );
    expect(feedback.promptVersion).toBe('builtin-rubric@6');
  });

  it('names the line and its index for every objective met', () => {
    for (const t of LABELLED_TRANSCRIPTS) {
      for (const o of feedbackOf(t).objectives ?? []) {
        if (!o.met) continue;
        expect(o.index === undefined ? undefined : t.messages[o.index]).toEqual({
          sender: 'user',
          content: o.line,
        });
        expect(o.line?.split(/\s+/).length).toBeGreaterThan(2);
      }
    }
  });

  it('is the same for the same transcript', () => {
    const t = byId('sales-excellent');
    expect(scoreTranscript(t.messages, t.scenario)).toEqual(scoreTranscript(t.messages, t.scenario));
  });

  it('ignores the partner: adding AI lines alone changes no score', () => {
    const t = byId('feedback-average');
    const withExtra = [
      ...t.messages,
      { sender: 'ai' as const, content: 'Thanks, I really appreciate that. I understand.' },
    ];
    const a = scoreTranscript(t.messages, t.scenario);
    const b = scoreTranscript(withExtra, t.scenario);
    expect([b.clarity, b.empathy, b.persuasion]).toEqual([a.clarity, a.empathy, a.persuasion]);
  });

  it('scores without a scenario', () => {
    const t = byId('conflict-excellent');
    const feedback = scoreTranscript(t.messages);
    expect(feedback.clarity).toBeGreaterThanOrEqual(8);
    expect(feedback.empathy).toBeGreaterThanOrEqual(8);
    expect(feedback.persuasion).toBeGreaterThanOrEqual(7);
  });
});

describe('scoreTranscript with nothing to score', () => {
  it('gives an empty transcript zero on every dimension, no strengths and helpful suggestions', () => {
    const feedback = scoreTranscript([]);
    expect([feedback.clarity, feedback.empathy, feedback.persuasion]).toEqual([0, 0, 0]);
    expect(feedback.strengths).toEqual([]);
    expect(feedback.weaknesses.length).toBeGreaterThanOrEqual(2);
    expect(feedback.suggestions.length).toBeGreaterThanOrEqual(2);
    expect(feedback.suggestions.join(' ')).toMatch(/Reply to the opening line/);
    expect(feedback.evidence).toEqual({ clarity: [], empathy: [], persuasion: [] });
  });

  it("names the scenario's first objective when the learner never replied", () => {
    const feedback = scoreTranscript(
      [{ sender: 'ai', content: SALARY_FIRST_OFFER.openingLine }],
      SALARY_FIRST_OFFER,
    );
    expect(feedback.suggestions.join(' ')).toContain(SALARY_FIRST_OFFER.learnerObjectives[0]);
    expect(feedback.weaknesses.join(' ')).toMatch(/went unanswered/);
  });

  it('scores a one-word reply low and says why', () => {
    const feedback = feedbackOf(byId('one-word'));
    for (const d of DIMENSIONS) expect(feedback[d]).toBeLessThanOrEqual(1);
    expect(feedback.weaknesses[0]).toMatch(
      /^You said only 1 word in total over 1 turn \(your longest reply: “ok”\)/,
    );
    expect(feedback.suggestions[0]).toMatch(/at least two full sentences/);
  });
});

describe('scoreTranscript never claims what the transcript contradicts', () => {
  type Line = { sender: 'user' | 'ai'; content: string };
  const talk = (...learner: string[]): Line[] =>
    learner.flatMap((content) => [
      { sender: 'ai' as const, content: 'Go on.' },
      { sender: 'user' as const, content },
    ]);
  const said = (f: SessionFeedback): string => [...f.strengths, ...f.weaknesses].join(' ');
  const STAND_UP = {
    ...SALES_BAKERY_DISCOVERY,
    id: 'stand-up',
    title: 'Your First Stand-Up Update',
    category: 'team-meetings' as const,
  };

  it('does not say "never made a proposal or ask" to a stand-up that asked "can someone share it?"', () => {
    const f = scoreTranscript(
      talk(
        'Yesterday I finished the tests and merged them.',
        'The staging link is missing, can someone share it?',
      ),
      STAND_UP,
    );
    expect(said(f)).not.toMatch(/never made a concrete proposal or ask/);
    expect(said(f)).not.toMatch(/reasons or evidence/);
  });

  it('does not say "didn\'t ask a single question" to a negotiator who asked "Would 57,000 be possible?"', () => {
    const f = scoreTranscript(
      talk('Thank you for the offer.', 'Based on the market data, would 57,000 be possible?'),
      SALARY_FIRST_OFFER,
    );
    expect(said(f)).not.toMatch(/didn't ask a single question/);
  });

  it('gives no praise for tone, and none for a hostile line, to a learner who said "That\'s ridiculous"', () => {
    const f = scoreTranscript(
      talk("Let's just get this over with.", "That's ridiculous.", 'Thank you, I appreciate the time today.'),
      CONFLICT_TOOK_CREDIT,
    );
    expect(f.strengths.join(' ')).not.toMatch(/\b(warm|respectful|courteous|civil|polite)\b/);
    expect(f.strengths.join(' ')).not.toMatch(/get this over with|ridiculous/);
    expect(f.weaknesses.join(' ')).toMatch(/“That's ridiculous”/);
  });

  it('quotes one real reply of a terse learner, never an invented join of several', () => {
    const f = scoreTranscript(talk('ok', 'yes', 'fine'), CONFLICT_TOOK_CREDIT);
    expect(f.weaknesses[0]).toBe(
      'You said only 3 words in total over 3 turns (your longest reply: “ok”), which is not enough for the other person to know your position.',
    );
    expect(said(f)).not.toContain(' / ');
    expect(f.strengths).toEqual([]);
  });

  it('does not call a hedged, filler-laden ask clear, nor an answer to it head-on', () => {
    const f = scoreTranscript(
      talk(
        'So, um, like, could we, uh, maybe sort of work something out?',
        'Uh, so basically, um, it is, you know, fine?',
      ),
      SALARY_FIRST_OFFER,
    );
    expect(f.strengths.join(' ')).not.toMatch(/clear, concrete ask|clear ask|head-on|without hedging/);
  });

  it('gives care buried in fillers little empathy: far less than care said plainly', () => {
    const buried = scoreTranscript(
      talk(
        'Um, yeah, I, uh, I hear you, like, totally.',
        'So, uh, basically, um, what do you, like, think about the credit?',
        'Um, like, I kind of, uh, agree, I guess.',
        'So, um, like, could we, uh, maybe sort of work something out?',
      ),
      CONFLICT_TOOK_CREDIT,
    );
    const plain = scoreTranscript(
      talk(
        'I hear you, and I can see why the credit matters so much to you.',
        'What do you think would be fair about the credit for the launch?',
        'I agree that the launch was a team effort.',
        'Could we work something out together before Monday?',
      ),
      CONFLICT_TOOK_CREDIT,
    );
    expect(buried.empathy).toBeLessThan(4);
    expect(plain.empathy - buried.empathy).toBeGreaterThan(2);
    expect(buried.strengths.join(' ')).not.toMatch(/\b(warm|courteous|civil)\b/);
  });

  it('never praises small talk that shares only a calendar word with the scenario', () => {
    const f = scoreTranscript(
      talk('Did you watch the game last night?', 'The weather has been awful this week.'),
      INTERVIEW_ABOUT_YOURSELF,
    );
    expect(f.strengths).toEqual([]);
  });

  it('meets an objective only with a line that does what it asks, not one that shares a word with it', () => {
    const scenario = {
      ...SALARY_FIRST_OFFER,
      learnerObjectives: [
        'Ask for the agreed terms in writing',
        'Accept that base pay is capped',
        'Acknowledge the pressure she is under',
        'Thank her for the enthusiasm without letting flattery move your price',
      ],
    };
    const f = scoreTranscript(
      talk(
        'Before we talk numbers, can I ask how the team measures success in the first year?',
        'Based on the market data and my exams, would $57,000 be possible for the base pay?',
        'To recap: you will check the number and I will reply by Friday. Thank you, Jasmine.',
        'Could you send me the updated offer in writing so I can look at it tomorrow?',
      ),
      scenario,
    );
    const met = Object.fromEntries((f.objectives ?? []).map((o) => [o.objective, o.met ? o.line : null]));
    expect(met['Ask for the agreed terms in writing']).toBe(
      'Could you send me the updated offer in writing so I can look at it tomorrow?',
    );
    expect(met['Accept that base pay is capped']).toBeNull();
    expect(met['Acknowledge the pressure she is under']).toBeNull();
    expect(met['Thank her for the enthusiasm without letting flattery move your price']).toBeNull();
  });

  it('credits answering a pushback only to a reason about what was pushed back on', () => {
    const pushback = (reply: string) => {
      const f = scoreTranscript(
        [
          { sender: 'ai', content: "I can't approve that. The overtime budget is frozen until April." },
          { sender: 'user', content: reply },
          { sender: 'ai', content: 'Go on.' },
          { sender: 'user', content: 'Could we look at the rota together on Thursday, then?' },
        ],
        SALARY_FIRST_OFFER,
        UNGATED,
      );
      return [...f.strengths, ...f.evidence.persuasion.map((e) => e.reason)].join(' ');
    };
    expect(
      pushback('I wanted to raise it because I have covered six late shifts since the new year.'),
    ).not.toMatch(/pushback|pushed back/i);
    expect(
      pushback(
        'The overtime is costing more than a second hire would, because we pay time and a half on every late shift.',
      ),
    ).toMatch(/meets their pushback with a reason/i);
  });

  it('does not meet an objective with a word the line denies, and meets a denial with a denial', () => {
    const scenario = {
      ...SALARY_FIRST_OFFER,
      learnerObjectives: [
        'Get the agreed terms confirmed by email',
        "Say you can't accept the relocation clause",
      ],
    };
    const f = scoreTranscript(
      talk(
        "We never agreed to the extra tiles, so I won't pay for them.",
        "I can't accept the relocation clause as written, because my partner's job is here.",
      ),
      scenario,
    );
    const met = Object.fromEntries((f.objectives ?? []).map((o) => [o.objective, o.met ? o.line : null]));
    expect(met['Get the agreed terms confirmed by email']).toBeNull();
    expect(met["Say you can't accept the relocation clause"]).toBe(
      "I can't accept the relocation clause as written, because my partner's job is here.",
    );
  });

  it('meets "Listen to their side and ask open questions" only when a line also asked', () => {
    const scenario = {
      ...SALARY_FIRST_OFFER,
      learnerObjectives: [
        "Listen to the manager's side and ask open questions",
        'Agree a date for the decision',
      ],
    };
    const listenedOnly = scoreTranscript(
      talk(
        'Sorry to catch you late in the day, I know the budget is tight this year.',
        'I would like my pay to reflect the migration work I led this spring.',
        'I will send you the summary of that work by Friday.',
      ),
      scenario,
    );
    expect(listenedOnly.objectives?.[0]).toEqual({ objective: scenario.learnerObjectives[0], met: false });
    // "Sorry to catch you" is manners, not listening: the line that listens is the one that understands.
    const asked = scoreTranscript(
      talk(
        'Sorry to catch you late in the day. I understand the budget is tight this year.',
        'What would you need to see from me to make the case to finance?',
        'I will send you the summary of that work by Friday.',
      ),
      scenario,
    );
    expect(asked.objectives?.[0]?.met).toBe(true);
  });

  it('meets "Close the call with a next step" with a closing line that gives one, and not with an early one', () => {
    const scenario = {
      ...SALARY_FIRST_OFFER,
      learnerObjectives: ['Close the call with a next step she can trust'],
    };
    const early = 'I will send you the numbers by Friday so we can decide together.';
    const closing = 'So to recap: the fee is refunded and I will email you a confirmation within the hour.';
    const met = scoreTranscript(
      talk('Thank you for calling today.', 'What would help most?', closing),
      scenario,
    );
    expect(met.objectives?.[0]).toMatchObject({ met: true, line: closing });
    const notAtTheEnd = scoreTranscript(
      talk(
        early,
        'What would help most?',
        'How are things on your side?',
        'Thanks for explaining all of that.',
      ),
      scenario,
    );
    expect(notAtTheEnd.objectives?.[0]?.met).toBe(false);
  });

  it('gives small talk no credit and names it as leaving the conversation', () => {
    const f = scoreTranscript(
      talk(
        'Did you watch the game last night?',
        "What's your favourite pizza topping?",
        'My cousin just bought a boat.',
      ),
      SALES_BAKERY_DISCOVERY,
    );
    expect(f.strengths).toEqual([]);
    expect(f.weaknesses.join(' ')).toContain('left the conversation (“Did you watch the game last night?”');
    expect(f.objectives?.every((o) => !o.met)).toBe(true);
  });

  it('asks an interviewee for results and examples, never for a proposal', () => {
    const f = scoreTranscript(talk('I like working with people and I work hard.'), INTERVIEW_ABOUT_YOURSELF);
    const advice = [...f.weaknesses, ...f.suggestions].join(' ');
    expect(advice).not.toMatch(/proposal|counter-?offer|your number/);
    expect(advice).toMatch(/concrete numbers or dates/);
  });

  it('meets an objective only with a learner line of six words or more, given verbatim with its index', () => {
    const messages = talk('Thank you so much. I am really excited about this role and the team.', 'yes');
    const f = scoreTranscript(messages, SALARY_FIRST_OFFER);
    expect(f.objectives?.map((o) => o.met)).toEqual([true, false, false]);
    const met = f.objectives?.[0];
    expect(met?.index === undefined ? undefined : messages[met.index]?.content).toBe(met?.line);
    for (const d of DIMENSIONS)
      for (const e of f.evidence[d])
        expect(e.index === undefined ? '' : messages[e.index]?.content).toBe(e.line);
  });
});

function byId(id: string): LabelledTranscript {
  const t = LABELLED_TRANSCRIPTS.find((x) => x.id === id);
  if (!t) throw new Error(`no fixture ${id}`);
  return t;
}
