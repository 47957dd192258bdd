import type { ScenarioDefinition } from '@parley/contracts';
import { loadScenarios } from '../__fixtures__/catalogue';
import {
  conversationsOverSeeds,
  lastRepliesOverSeeds as replies,
  ownScenarioOf,
  variantOf,
} from '../__fixtures__/conversation';
import { SERVICE_LATE_GIFT } from '../__fixtures__/scenarios';
import { SAID_WHAT_THEY_DO } from '../scenario/agenda-bank';
import { personaProfile } from '../scenario/persona-profile';
import { analyseMessage } from './message-analysis';

/*
 * Lines written for this test, in voices of their own: what the persona can know and what it cannot
 * (what someone else did, whether a message came), what a "would that help?" puts forward, what a
 * promise about the talk itself promises, and who is close enough to say "love you" back to.
 */

const CATALOGUE = loadScenarios();

const scenario = (over: Partial<ScenarioDefinition>): ScenarioDefinition =>
  variantOf(SERVICE_LATE_GIFT, over);

const ownScenario = (fields: { title: string; description: string; userRole: string; aiRole: string }) =>
  ownScenarioOf(SERVICE_LATE_GIFT, fields, { id: 'custom-known-and-unknown', name: 'Marek' });

const LETTINGS = ownScenario({
  title: 'The damp in the back bedroom',
  description:
    'The back bedroom of the flat I rent from Marek has had black mould on the wall since October. He said a builder would look at it.',
  userRole: 'Tenant',
  aiRole: 'Landlord',
});

/** The persona's words for a question it can only put off (not "I'm not sure yet", which weighs an offer). */
const DEFERS = /\b(?:not sure, to be honest|honestly not sure|think about that|neat answer|hard to say)\b/i;

describe('what the persona cannot know', () => {
  it('offers to find out whether someone on its side dealt with what is the learner’s', () => {
    for (const reply of replies(LETTINGS, 'neutral', ['Has the builder ever rung my mobile about it?'])) {
      expect(reply).toMatch(/\b(?:check|find out)\b/i);
      expect(reply).not.toMatch(DEFERS);
    }
  });

  it('does not offer to find out what it was asked about itself', () => {
    for (const reply of replies(LETTINGS, 'neutral', ['Did you get the photos I sent on Sunday?']))
      expect(reply).not.toMatch(/\bfind out\b/i);
  });

  it('never answers "did it happen?" with a stance that shares its words, or a no it cannot know', () => {
    for (const reply of replies(SERVICE_LATE_GIFT, 'neutral', [
      'Did the courier try the neighbours before taking it back to the depot?',
    ])) {
      expect(reply).not.toMatch(/\bafraid not\b|\bcourier'?s fault\b/i);
      expect(reply).not.toMatch(DEFERS);
    }
  });
});

describe('what a question puts forward', () => {
  it('weighs "if I …, would that help?" as the learner’s offer', () => {
    for (const reply of replies(LETTINGS, 'neutral', [
      'If I open the window every morning and run the extractor, would that make a difference?',
    ]))
      expect(reply).not.toMatch(DEFERS);
  });

  it('answers a question before a tag that only checks a fact', () => {
    const question = analyseMessage(
      "How's the new bakery doing? You took it over in May, didn't you?",
    ).question;
    expect(question?.text).toMatch(/^How's the new bakery doing\?/);
  });
});

describe('what a promise promises', () => {
  it('hears a promise about the talk itself, or a wish, as no pledge', () => {
    expect(analyseMessage("Got it, I'll keep it short.").commitment).toBe(false);
    expect(analyseMessage('I was hoping we could go through the rota together.').commitment).toBe(false);
    expect(analyseMessage('I wondered if we could swap Fridays.').commitment).toBe(false);
    expect(analyseMessage("I'll send you the rota tonight.").commitment).toBe(true);
  });

  it('reads "I would prefer the money back" as an ask', () => {
    expect(analyseMessage("I'd prefer the money back, not a voucher.").proposal).toBe(true);
  });
});

describe('who is close', () => {
  it('takes a parent named by role alone as close, and "Mother of the bride" as not', () => {
    const close = (aiRole: string) => personaProfile(scenario({ aiRole })).close;
    expect(close('Dad')).toBe(true);
    expect(close('Mam')).toBe(true);
    expect(close('Grandad')).toBe(true);
    expect(close('Mother of the bride')).toBe(false);
    expect(close('Father of the patient')).toBe(false);
  });

  it('hears bad news about the learner’s own job as a hardship', () => {
    const friend = ownScenario({
      title: 'Pulling out of the stag weekend',
      description: 'My mate Callum booked a stag weekend in Prague. It is £600 and I cannot afford it now.',
      userRole: 'Best man',
      aiRole: 'Best friend, the groom',
    });
    for (const reply of replies(friend, 'friendly', [
      'I got laid off in September, mate. Money is really tight.',
    ]))
      expect(reply).toMatch(/\bsorry\b/i);
  });
});

describe('the start of a talk', () => {
  it('hears "I have come about X" as the topic named', () => {
    for (const reply of replies(LETTINGS, 'tough', ["Hello Marek. I've come about the mould again."]))
      expect(reply).not.toMatch(/what(?:'s| is) on your mind/i);
  });

  it('asks the learner to go on, early, after a line that gives nothing to weigh', () => {
    const brother = CATALOGUE.find((s) => s.id === 'cr-who-takes-mum-to-appointments')!;
    for (const tone of ['friendly', 'neutral'] as const)
      for (const reply of replies(brother, tone, ["She's grand, honestly. Nothing to worry about there."]))
        expect(reply).not.toMatch(/\b(?:propos\w*|basing|number|differently)\b/i);
  });
});

describe('what a line asks, under its wrapping', () => {
  it('reads "what\'s happened is …" as an account, not a question', () => {
    expect(analyseMessage("Right, so what's happened is the lab lost the first sample.").question).toBeNull();
    expect(analyseMessage("What's happened to the sample?").question).not.toBeNull();
  });

  it('answers the question that guesses follow, not the guesses', () => {
    const asked = analyseMessage(
      "What's behind the change? Is it the cost or just the new director?",
    ).question;
    expect(asked?.text).toMatch(/^What's behind the change\?/);
  });

  it('hears "a job where I can…" and "so I can…" as no promise', () => {
    expect(analyseMessage("I'm after a team where I can mentor juniors.").commitment).toBe(false);
    expect(analyseMessage('I asked early so I can plan the cover.').commitment).toBe(false);
  });

  it('hears how long the learner has worked somewhere as saying what they do', () => {
    expect(SAID_WHAT_THEY_DO.test("I've spent the past three years in a hospital pharmacy.")).toBe(true);
    expect(SAID_WHAT_THEY_DO.test("I've spent the money already.")).toBe(false);
  });

  it('meets someone who asks leave and says their name, and says yes', () => {
    const coffee = CATALOGUE.find((s) => s.id === 'nw-conference-coffee-break')!;
    for (const reply of replies(coffee, 'friendly', ["Is it okay if I squeeze in here? I'm Bogdan."])) {
      expect(reply).toMatch(/\bBogdan\b/);
      expect(reply).not.toMatch(/\bcontact details\b/i);
    }
  });

  it('answers "what brought you here?" with what the persona came for', () => {
    expect(analyseMessage('So what brought you to the expo?').question?.kind).toBe('want');
  });

  it('tells a candidate about the first weeks of the job, not weighs a proposal', () => {
    const interview = CATALOGUE.find((s) => s.id === 'ji-tell-me-about-yourself')!;
    for (const reply of replies(interview, 'neutral', [
      'Could you tell me what the first sixty days would look like for a new starter?',
    ]))
      expect(reply).not.toMatch(/\b(?:sixty|60) days\?|\bthink it through\b/i);
  });

  it('hears "can I ask, did you…" as the question, not as leave to ask', () => {
    for (const reply of replies(SERVICE_LATE_GIFT, 'neutral', [
      'Can I ask, did you get a dispatch email on the Wednesday?',
    ]))
      expect(reply).not.toMatch(/\bgo ahead\b/i);
  });

  it('gives no stance to a question about something the persona has seen', () => {
    const coffee = CATALOGUE.find((s) => s.id === 'nw-conference-coffee-break')!;
    for (const reply of replies(coffee, 'friendly', ["What's the most useful session you've been to today?"]))
      expect(reply).not.toMatch(/\bcontact details\b/i);
  });
});

describe('what a number counts', () => {
  it('never reads a count of things as a sum in thousands', () => {
    const vet = CATALOGUE.find((s) => s.id === 'cs-vet-bill-over-estimate')!;
    for (const reply of replies(vet, 'tough', [
      'What I can do is waive the charge for the two X-rays nobody okayed, that comes to 240.',
    ]))
      expect(reply).not.toMatch(/\btwo\b|\$?2,000/i);
  });
});

describe('a brother who wants money', () => {
  const brother = () => CATALOGUE.find((s) => s.id === 'sb-brother-asks-for-money-again')!;

  it('says what it is after when asked its plan, and its ask, not its limit, when asked how much', () => {
    expect(analyseMessage("Go on then, what's your plan?").question?.kind).toBe('want');
    for (const reply of replies(brother(), 'neutral', [
      'Sure, I have a minute.',
      'Right. How much do you need?',
    ])) {
      expect(reply).toMatch(/3,000/);
      expect(reply).not.toMatch(/\bwrap\w* up\b|final position/i);
    }
  });

  it('never takes money already lent for an offer', () => {
    for (const reply of replies(brother(), 'friendly', [
      "No. I've already lent you $1,200 since March and none of it has come back.",
    ]))
      expect(reply).not.toMatch(/1,200 (?:is|works|sounds)|thank you/i);
  });

  it('weighs help offered as "I could …?"', () => {
    for (const reply of replies(brother(), 'neutral', ['I could drive you to the job fair on Tuesday?']))
      expect(reply).not.toMatch(DEFERS);
  });
});

describe('hearing the learner out', () => {
  it('does not ask again, in other words, what the learner wants while they are still explaining', () => {
    const trip = ownScenario({
      title: 'Not flying out on my son’s birthday',
      description:
        'My manager Kasia wants me in Oslo on Sunday for a Monday pitch. Sunday is my son’s birthday. I want to fly out on Monday morning instead.',
      userRole: 'Consultant',
      aiRole: 'Manager',
    });
    const lines = [
      'Kasia, have you got a minute about Oslo?',
      "Sunday is Tom's seventh birthday and I promised him a day at the zoo.",
      "There's a 6:15 flight on Monday that gets in at 9:30. The pitch is at one.",
      'Even with a delay there are two later flights that still make it.',
    ];
    const asksWant =
      /\bwhat (?:would you (?:like|suggest|want)|do you (?:want|suggest|propose)|are you (?:asking|proposing))\b/i;
    for (const tone of ['friendly', 'neutral', 'tough'] as const)
      for (const said of conversationsOverSeeds(trip, tone, lines))
        for (let i = 2; i < said.length; i += 1)
          if (asksWant.test(said[i - 1]!)) expect(said[i]).not.toMatch(asksWant);
  });
});

describe('asked about itself, or for its verdict', () => {
  const CLUB = ownScenario({
    title: 'Why I was dropped from the first team',
    description: 'I play hockey for the club and Coach Reyes dropped me to the seconds after four matches.',
    userRole: 'Player',
    aiRole: 'Hockey coach',
  });

  it('says how it feels when asked, not that it would have to think', () => {
    for (const tone of ['friendly', 'neutral'] as const)
      for (const reply of replies(CLUB, tone, ['Are you upset with me?'])) {
        expect(reply).not.toMatch(DEFERS);
        expect(reply).not.toMatch(/\bI'd have to think\b/i);
      }
  });

  it('asks for the learner’s own read when asked its verdict on them, and asks nothing more', () => {
    for (const line of ['What do I need to get better at to get back in?', 'Is it my passing?'])
      for (const reply of replies(CLUB, 'neutral', [line])) {
        expect(reply).not.toMatch(DEFERS);
        expect(reply.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(1);
      }
  });

  it('weighs a request to do things differently from now on', () => {
    for (const reply of replies(CLUB, 'neutral', [
      'In future, could you tell me before the team sheet goes up if I am dropped?',
    ]))
      expect(reply).not.toMatch(DEFERS);
  });
});
