import {
  catalogueScenario,
  conversationsOverSeeds,
  lastRepliesOverSeeds as replies,
  ownScenarioOf,
  variantOf,
} from '../__fixtures__/conversation';
import {
  BOUNDARIES_LATE_MESSAGES,
  INTERVIEW_ABOUT_YOURSELF,
  SALARY_FIRST_OFFER,
  SERVICE_LATE_GIFT,
} from '../__fixtures__/scenarios';
import { personaProfile } from '../scenario/persona-profile';
import { extractFigures } from '../text/figures';
import { analyseMessage, normalise } from './message-analysis';
import { planReply } from './roleplay-engine';

/*
 * Lines written for this test, in voices of their own: questions that ask the persona for its own part (a
 * name to talk to, how its words landed, what it found hardest, what would move it), choices of which
 * thing is so, suggestions put as "why don't you…?", leave to raise a subject, promises only to tell, and
 * the small words that change what a line does ("which means…", "that sounds great", "I get it, but…").
 */

const DEFERS = /\b(?:not sure, to be honest|honestly not sure|think about that|neat answer|hard to say)\b/i;

const GARAGE = ownScenarioOf(
  SERVICE_LATE_GIFT,
  {
    title: 'The shared garage',
    description:
      'My brother-in-law Piotr keeps his motorbike parts in the garage we share, and I cannot get my car in. I want half of it cleared by the end of the month.',
    userRole: 'Sister-in-law',
    aiRole: 'Piotr, my brother-in-law',
  },
  { id: 'custom-own-part', name: 'Piotr' },
);

const TUTOR = ownScenarioOf(
  SERVICE_LATE_GIFT,
  {
    title: "My daughter's reading",
    description:
      'My daughter Aoife has gone from loving books to refusing to read at home. I want to hear from her class teacher Mr Okafor what he sees and agree how we help her.',
    userRole: 'Parent',
    aiRole: 'Mr Okafor, the class teacher',
  },
  { id: 'custom-own-part-teacher', name: 'Mr Okafor' },
);

describe('questions that ask the persona for its own part', () => {
  it('thinks who the learner should talk to, and says it will tell them', () => {
    for (const reply of replies(catalogueScenario('nw-chamber-mixer-new-city'), 'neutral', [
      'Do you know anybody I should speak to about the grant scheme?',
    ])) {
      expect(reply).toMatch(/\b(?:name|someone|introduce|people|who'?d|them)\b/i);
      expect(reply).not.toMatch(DEFERS);
    }
  });

  it('answers how its words came across for itself, never with a stance or a fact', () => {
    for (const reply of replies(GARAGE, 'friendly', [
      'When you said I was making a fuss about nothing, how do you think that came across to me?',
    ])) {
      expect(reply).toMatch(/\b(?:put it like that|that side|meant|mean)\b/i);
      expect(reply).not.toMatch(/\bmotorbike parts\b|\bend of the month\b/i);
    }
  });

  it('says what it found hardest when asked about its own past, not what it is after', () => {
    for (const reply of replies(catalogueScenario('nw-chamber-mixer-new-city'), 'friendly', [
      'What was the hardest part when you first moved here?',
    ]))
      expect(reply).toMatch(/\b(?:expected|learn|harder)\b/i);
  });

  it('asks for the case when asked what would move it, and names no condition', () => {
    for (const reply of replies(catalogueScenario('sn-barista-supervisor-raise'), 'tough', [
      'Honestly, what would it take for you to sign off on it?',
    ]))
      expect(reply).toMatch(/\b(?:case|convince|reason)\b/i);
  });

  it('tells a candidate what the hard part of the job is, not its own background', () => {
    for (const reply of replies(INTERVIEW_ABOUT_YOURSELF, 'neutral', [
      "What's the main challenge the team is facing this year?",
    ]))
      expect(reply).toMatch(/\bbusy\b/i);
  });

  it('in a situation the learner wrote, says some of what they see, and asks their read on what changed', () => {
    for (const reply of replies(TUTOR, 'friendly', [
      "She says the books are boring now. Is that what you've noticed in class too?",
    ]))
      expect(reply).toMatch(/\b(?:noticed|seen|some of)\b/i);
    for (const reply of replies(TUTOR, 'neutral', ['Have you any idea why she has gone off it?']))
      expect(reply).toMatch(/\bread\b|\bwhat do you think\b/i);
  });
});

describe('more of what a line does', () => {
  it('hears "is everything ok? like with…" as the first question, with the second only an example', () => {
    const line = analyseMessage('you alright? like with your mum and everything?');
    expect(line.question?.kind).toBe('wellbeing');
  });

  it('does not take a thing called rubbish for rudeness', () => {
    expect(analyseMessage('the gig was kind of rubbish without you tbh').hostility).toBe(0);
    expect(analyseMessage('That is rubbish and you know it.').hostility).toBeGreaterThan(0);
  });

  it('hears "I’m not happy about it either" as a feeling shared, not a pushback', () => {
    const line = analyseMessage("Believe me, I'm not happy about it either.");
    expect(line.pushback).toBe(false);
    expect(line.empathy).toBe(true);
  });

  it('reads the work split between them as put forward, not a promise to hold them to', () => {
    const line = analyseMessage("You do the school run on Mondays, I'll take Thursdays.");
    expect(line.proposal).toBe(true);
    expect(line.commitment).toBe(false);
  });

  it('hears "No, the X is fine" as reassurance, not a pushback', () => {
    expect(
      analyseMessage("No no, the invoice is fine, you fixed it. It's the rota I wanted to ask about.")
        .pushback,
    ).toBe(false);
  });

  it('hears "sorry, there is…" as bad news softened, not an apology to wave away', () => {
    const line = analyseMessage(
      "Sorry, Bev, I'm afraid there is. The boiler part won't arrive till next week.",
    );
    expect(line.minorApology).toBe(false);
  });

  it('reads "if that’s too much, I can…" as an offer to weigh, not a promise to hold them to', () => {
    const line = analyseMessage(
      'If the full year is too steep, we can do six months at 4,000 and review it then.',
    );
    expect(line.proposal).toBe(true);
    expect(line.commitment).toBe(false);
  });

  it('keeps the day booked apart from when the booking is made', () => {
    expect(extractFigures("I'll move the delivery to Friday today, before the office shuts.")[0]?.text).toBe(
      'Friday',
    );
  });

  it('reads "do you want to…?" with a plan in it as put forward', () => {
    expect(analyseMessage('Do you want to split the cleaning by week?').proposal).toBe(true);
    expect(analyseMessage('Do you want to tell me what happened?').proposal).toBe(false);
  });

  it('takes leave to get in touch later with a yes, not "I’m listening"', () => {
    for (const reply of replies(catalogueScenario('nw-chamber-mixer-new-city'), 'neutral', [
      'Is it alright if I drop you an email next week about it?',
    ])) {
      expect(reply).toMatch(/\byes\b|\bplease\b/i);
      expect(reply).not.toMatch(/\blistening\b|\bgo ahead\b/i);
    }
  });

  it('tells a student what makes an application stand out, not its own limits', () => {
    for (const reply of replies(catalogueScenario('nw-career-fair-recruiter'), 'friendly', [
      'What would make my cover letter stand out?',
    ]))
      expect(reply).toMatch(/\bspecific\b/i);
  });

  it('does not ask what a student does once they have said what they study', () => {
    for (const reply of replies(catalogueScenario('nw-career-fair-recruiter'), 'neutral', [
      "Hello, I'm Priyanka, I'm studying logistics at Cardiff, second year.",
      'I worked a summer at a parcel depot in Newport, on nights.',
    ]))
      expect(reply).not.toMatch(/\bwhat do you do\b/i);
  });
});

describe('sums, plans and subjects said plainly', () => {
  const relocation = catalogueScenario('sn-relocation-package-denver');
  const talk = (lines: string[]) =>
    planReply({
      scenario: relocation,
      tone: 'tough',
      messages: [
        { sender: 'ai', content: relocation.openingLine },
        ...lines.flatMap((content, i) => [
          { sender: 'user' as const, content },
          ...(i < lines.length - 1 ? [{ sender: 'ai' as const, content: 'Go on.' }] : []),
        ]),
      ],
    });

  it('weighs a sum said without its sign beside the persona’s own sums', () => {
    const plan = talk(["To make it work I'd be looking at about 17,500 all in."]);
    expect(plan.moves.some((m) => m.kind === 'figure' && m.figure === '17,500')).toBe(true);
  });

  it('never calls a cost the learner cited their earlier offer', () => {
    const plan = talk([
      'Two removal firms quoted me, and the cheaper one came in at 10,900.',
      "So I'd need 17,500.",
    ]);
    expect(plan.text).not.toMatch(/\bup from\b|\b10,900\b/);
  });

  it('says a preference in its goals as one ("I’d prefer…", never "I want to prefer…")', () => {
    const profile = personaProfile(
      variantOf(SALARY_FIRST_OFFER, { personaGoals: ['Prefer a phased start over a delayed one'] }),
    );
    expect(profile.goals[0]?.statement).toMatch(/^I'd prefer a phased start\b/);
  });

  it('weighs "how would you feel about that?" as a question about the plan just put', () => {
    for (const reply of replies(GARAGE, 'neutral', [
      'What if I moved the parts onto shelves on your side, and you kept the left half clear?',
      'How would you feel about that?',
    ]))
      expect(reply).not.toMatch(DEFERS);
  });

  it('names the subject of a problem the learner says there is', () => {
    for (const reply of replies(GARAGE, 'neutral', ["Hiya. There's a problem with the garage, I'm afraid."]))
      expect(reply).toMatch(/\bthe garage\b/i);
  });

  it('takes the learner’s card or direct line with thanks, not a stock question', () => {
    for (const reply of replies(SERVICE_LATE_GIFT, 'neutral', [
      "Here's my direct line. Ring me if the courier doesn't turn up.",
    ]))
      expect(reply).toMatch(/\bthank/i);
  });

  it('says who decides when asked', () => {
    for (const reply of replies(catalogueScenario('sa-upsell-dental-reminders'), 'tough', [
      'Who makes the final call on something like this?',
    ]))
      expect(reply).toMatch(/\bme\b/i);
  });
});

describe('catching up and getting on', () => {
  it('answers how the new job is going, and takes it for no attempt to rewrite its part', () => {
    for (const reply of replies(catalogueScenario('nw-reconnecting-former-manager'), 'friendly', [
      'Ha, yes, still here! So how are you getting on in the new role?',
    ])) {
      expect(reply).not.toMatch(/\bwhere that came from\b|\bhere to talk about\b/i);
      expect(reply).not.toMatch(DEFERS);
    }
  });

  it('says what the change was like when asked about its own move', () => {
    for (const reply of replies(catalogueScenario('nw-reconnecting-former-manager'), 'neutral', [
      'Was it a big jump going from director to VP?',
    ]))
      expect(reply).toMatch(/\b(?:expected|learn|harder)\b/i);
  });

  it('tells a candidate how the team is set up', () => {
    for (const reply of replies(INTERVIEW_ABOUT_YOURSELF, 'neutral', [
      "Could I ask who I'd be working with day to day?",
    ]))
      expect(reply).toMatch(/\bteam\b/i);
  });

  it('does not ask what someone does once they have said what they run', () => {
    for (const reply of replies(catalogueScenario('nw-reconnecting-former-manager'), 'neutral', [
      "I'm managing the outpatient clinics at Mercy now, about forty staff.",
      'It keeps me busy.',
    ]))
      expect(reply).not.toMatch(/\bwhat do you do\b/i);
  });

  it('weighs "I’m happy to…" as something offered', () => {
    expect(analyseMessage("I'm happy to take the Friday calls if you cover Mondays.").proposal).toBe(true);
  });
});

describe('giving ground', () => {
  it('takes a no with its reasons as a no, not as an offer that "works"', () => {
    for (const tone of ['neutral', 'tough'] as const)
      for (const reply of replies(catalogueScenario('sb-covering-another-shift'), tone, [
        "I know, and I hate saying this, but I can't do Saturday.",
        "I've done five extra shifts in six weeks. The last one put me over the duty hour limit.",
      ]))
        expect(reply).not.toMatch(/\bthat works\b|\bthat I can accept\b|\bI can work with\b|\bsix weeks\b/i);
  });

  it('hears "somewhere I can…" as what the learner looks for, not a promise', () => {
    expect(analyseMessage("I'm after somewhere I can grow and stay for years.").commitment).toBe(false);
  });
});

describe('which of two things is so', () => {
  it('names one of them, from its own side', () => {
    for (const reply of replies(catalogueScenario('sa-mattress-skeptic-showroom'), 'neutral', [
      'And do you tend to wake up hot at night or cold?',
    ]))
      expect(reply).toMatch(/^(?:Cold|Hot)\b/);
    for (const reply of replies(catalogueScenario('sa-mattress-skeptic-showroom'), 'friendly', [
      'Is the pain worse in your lower back or your shoulders?',
    ])) {
      expect(reply).toMatch(/\bmy (?:lower back|shoulders)\b/i);
      expect(reply).not.toMatch(/\byour\b/i);
    }
  });

  it('leaves "…or not?" to be answered yes or no', () => {
    for (const reply of replies(SERVICE_LATE_GIFT, 'neutral', ['Was the box damaged or not?']))
      expect(reply).not.toMatch(/\bnot, mostly\b/i);
  });
});

describe('what a line does', () => {
  it('hears "why don’t you…?" as a suggestion to weigh, not a why to explain', () => {
    const said = "Why don't you keep the first one for a fortnight and see if it grows on you?";
    expect(analyseMessage(said).proposal).toBe(true);
    for (const reply of replies(catalogueScenario('sa-mattress-skeptic-showroom'), 'neutral', [said]))
      expect(reply).not.toMatch(/^Because\b/);
    expect(analyseMessage("Why don't you trust me?").proposal).toBe(false);
  });

  it('reads "which means…" as the sentence before carried on, not a question', () => {
    expect(
      analyseMessage("We lost the contract. Which means I'm letting two of you go.").question,
    ).toBeNull();
  });

  it('takes "that sounds great" as a yes, not sympathy', () => {
    const line = analyseMessage('That sounds great, thanks. What time do you open on Saturdays?');
    expect(line.empathy).toBe(false);
  });

  it('hears "I get it, but I can’t…" as a no, not sympathy or agreement', () => {
    const line = analyseMessage("yeah I get it. but I can't cover saturday again, I'm away");
    expect(line.refusal).toBe(true);
    expect(line.empathy).toBe(false);
    expect(line.agreement).toBe(false);
  });

  it('reads "I think he should…" as something put forward', () => {
    expect(analyseMessage('I think he should pay for the broken gate.').proposal).toBe(true);
  });

  it('hears "I see you…" as empathy only when it is about how they are', () => {
    expect(analyseMessage('I see you charged me twice for the same night.').empathy).toBe(false);
    expect(analyseMessage("I see you're worried about it.").empathy).toBe(true);
  });

  it('reads contractions typed without their apostrophe', () => {
    expect(normalise('dont worry, thats fine. whats the time frame?')).toBe(
      "don't worry, that's fine. what's the time frame?",
    );
  });

  it('counts one of a thing as one, not a thousand', () => {
    const plan = planReply({
      scenario: catalogueScenario('cs-vet-bill-over-estimate'),
      tone: 'tough',
      messages: [
        { sender: 'ai', content: 'Nobody phoned me.' },
        { sender: 'user', content: 'The clean was 450. The two extractions are what took it to 1,180.' },
        { sender: 'ai', content: 'Fine. I want to pay what I was quoted.' },
        {
          sender: 'user',
          content:
            "Honestly, we ought to have rung you properly before going ahead, because one voicemail while you're driving doesn't count.",
        },
      ],
    });
    expect(plan.moves.some((m) => m.kind === 'figure')).toBe(false);
  });
});

describe('what the persona says back', () => {
  it('names the subject the learner asked leave to raise', () => {
    for (const reply of replies(BOUNDARIES_LATE_MESSAGES, 'neutral', [
      'Sorry, could we have a quick word about the group chat?',
    ]))
      expect(reply).toMatch(/\bthe group chat\b/i);
  });

  it('promises the deed when asked whether it would be willing to do it', () => {
    for (const reply of replies(catalogueScenario('nw-asking-classmate-for-referral'), 'friendly', [
      'Would you be happy passing my CV on to whoever is hiring?',
    ])) {
      expect(reply).toMatch(/\bI'll pass your CV on\b/);
      expect(reply).not.toMatch(/\bI'll be happy\b/);
    }
  });

  it('welcomes a promise only to tell how it goes, and does not hold the learner to it', () => {
    for (const reply of replies(GARAGE, 'neutral', ["Right. I'll keep you posted after the weekend."]))
      expect(reply).not.toMatch(/\bhold you to\b|\bnoted\b/i);
  });

  it('does not ask for the fix an apology came with', () => {
    for (const reply of replies(catalogueScenario('cs-made-to-order-sofa-wrong-fabric'), 'tough', [
      'I hear you, and I have the form in front of me.',
      'The code on the form is the corduroy, but your photo shows the linen.',
      "That's our error, not yours. I'd like to remake the sofa in the linen you chose, at no cost to you.",
    ]))
      expect(reply).not.toMatch(/\btell me what you'?re going to do\b|\bwhat'?s the plan\b|\bneed a fix\b/i);
  });

  it('asks no stock question about a trouble the scenario does not have', () => {
    const dropIns = catalogueScenario('sb-mother-in-law-drop-ins');
    for (const tone of ['neutral', 'tough'] as const)
      for (const conversation of conversationsOverSeeds(dropIns, tone, [
        'Thank you, come in.',
        'Can I say something?',
        "It's about the visits.",
        'You come round a lot.',
        'Nearly every day, and I never know when.',
        "It's a lot for me.",
      ]))
        for (const reply of conversation) expect(reply).not.toMatch(/\bworkload\b/i);
  });
});
