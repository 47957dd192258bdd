import type { ChatTone, ScenarioCategory } from '@parley/contracts';
import { WALK_OUT_MARK } from './conversation-state';
import type { ApologyResponse, Concern } from './moves';

/**
 * What the persona can say, by move and tone. Several phrasings each, so the seeded choice can vary
 * the wording and never repeat a sentence; slots in braces are filled by the realiser:
 * {s}/{l} a first-person statement (as written / lower-cased), {q}/{Q} a quote of the learner,
 * {x} a figure, {c} a counter-offer, {r} a reference figure, {p} a previous offer, {d}/{D} a detail,
 * {i} a list of items, {h}/{H} a hedge word, {n} a name, {f} a fact, {w} a time, {topic}, {first}.
 */

export type Options = Record<ChatTone, string[]>;

export const GREET: Options = {
  friendly: ['Hi! Good to talk to you.', 'Hello! Good to see you.', 'Hi there.'],
  neutral: ['Hi.', 'Hello.', 'Hi, thanks.'],
  tough: ['Hi.', "Let's get started.", 'Right.'],
};

/** Told of an illness or a death in the learner's family. */
export const CONDOLENCE: Options = {
  friendly: ["Oh no. I'm so sorry.", "Oh, I'm so sorry to hear that."],
  neutral: ["I'm sorry to hear that.", "I'm really sorry."],
  tough: ["I'm sorry to hear that."],
};

export const AFFECTION: Options = {
  friendly: ['Love you too.', 'Aw, love you too.'],
  neutral: ['Love you too.'],
  tough: ['Yeah. Love you too.'],
};

export const THANKS: Options = {
  friendly: ["You're very welcome.", 'Of course!', 'Happy to.'],
  neutral: ["You're welcome.", 'Sure.', 'Of course.'],
  tough: ['Mm.', 'Fine.', "Let's keep going."],
};

export const APOLOGY: Record<ApologyResponse, string[]> = {
  minor: ['No problem.', 'No worries.', "That's fine.", "Don't worry about it.", 'Not at all.'],
  accept: [
    'Thank you, I appreciate the apology.',
    'Thanks for saying that, it does help.',
    'Okay. I appreciate you owning that.',
    'That means something, thank you.',
    "Apology accepted. Let's move forward.",
  ],
  partial: [
    "I appreciate the apology, but it doesn't solve the problem.",
    'Okay, thank you. Now I need to know what happens next.',
    "Sorry is a start. It isn't the whole answer.",
    "I'll take the apology. What I need now is a fix.",
    'Thank you. But an apology on its own changes nothing for me.',
  ],
  cold: [
    "Sorry doesn't fix this.",
    "I've heard 'sorry' before.",
    'An apology is not a plan.',
    "I don't need an apology, I need answers.",
    "Save the apology. Tell me what you're going to do.",
  ],
  enough: [
    "You've apologised already. Let's move past it.",
    "You don't need to keep apologising. Just tell me what you'll do.",
    "Enough apologies. What's the plan?",
    "I've heard the apology. I need action now.",
  ],
};

export const EMPATHY: Options = {
  friendly: [
    'Thank you, that actually means a lot.',
    'I appreciate you seeing it that way.',
    "That's kind of you to say.",
    'It helps to hear you say that.',
  ],
  neutral: [
    'I appreciate that.',
    'Thanks, that helps.',
    "Okay. It's good to hear you get it.",
    'I appreciate you saying so.',
  ],
  tough: [
    "Good. Then you know where I'm coming from.",
    'Understanding is one thing. Fixing it is another.',
    "I'll take that, but I need more than sympathy.",
    "Saying so doesn't change the facts.",
  ],
};

export const DISCLOSE = [
  'The thing is, {f}',
  'To be honest, {f}',
  'For what it is worth, {f}',
  'You should know that {f}',
];

export const HOSTILE_STRONG: Options = {
  friendly: [
    "Whoa, there's no need for that.",
    "Okay, that's not fair. I'm trying to work this out with you.",
    "Hey. Please don't talk to me like that.",
  ],
  neutral: ["Don't talk to me like that.", "There's no need to be rude.", "That's uncalled for."],
  tough: ["Don't speak to me like that.", 'Watch your tone.', "That's out of line."],
};
export const HOSTILE_MILD: Options = {
  friendly: [
    "I'd rather we kept this friendly.",
    "I can tell you're frustrated, but let's keep it respectful.",
  ],
  neutral: ["I don't appreciate that tone.", "Let's keep this civil.", "There's no need for that."],
  tough: ['Lose the attitude.', "I don't appreciate that tone.", "Don't take that tone with me."],
};
export const HOSTILE_FOLLOW = [
  'If you want to keep going, keep it civil.',
  "Let's try that again, respectfully.",
  'Say that again and this conversation is over.',
  "I'm happy to keep talking, but not like this.",
];
export const HOSTILE_WARNED = [
  "That's twice now. One more time and we're done.",
  "I've already asked you once to keep it civil.",
  "This is the second time. I won't ask again.",
];
export const WALK_OUT = [
  `${WALK_OUT_MARK}. We can pick this up when you're ready to talk properly.`,
  `${WALK_OUT_MARK}. I'm not continuing this conversation while you talk to me like that.`,
  `${WALK_OUT_MARK}. Call me back when you can be civil.`,
];
/**
 * After the persona has closed the conversation: a new point gets a short answer, anything else a word.
 * Never another goodbye.
 */
export const AFTER_CLOSE_POINT: Options = {
  friendly: [
    'Send me that in an email and I will look at it properly.',
    "Good point. Let's pick that up next time.",
  ],
  neutral: ['Put that in an email and I will look at it.', "Let's pick that up next time."],
  tough: ['Put it in writing.', 'That will have to wait.'],
};
export const AFTER_CLOSE_ASIDE: Options = {
  friendly: ['Ha, another time!', "Let's save that for another time.", 'Maybe later, over coffee.'],
  neutral: ["That's for another time.", 'Another time, maybe.', 'Maybe later.'],
  tough: ["That's for another time.", 'Not now. Maybe later.', 'Another time.'],
};
/** After the close, thanks get thanks back (never a bare "Yes."), and never another goodbye. */
export const AFTER_CLOSE_THANKS: Options = {
  friendly: ['Thank you too!', 'My pleasure.', "You're welcome, and thank you."],
  neutral: ['Thank you too.', "You're welcome.", 'Likewise, thanks.'],
  tough: ['Likewise.', 'Mm. Thanks.', 'Noted. Thanks.'],
};
/** After the close, a small question ("Anything else you need?") gets an answer, not "Okay." */
export const AFTER_CLOSE_QUESTION: Options = {
  friendly: ['I think I have what I need for now.', "Let's save that for next time."],
  neutral: ['I have what I need for now.', 'We can take that up next time.'],
  tough: ['I have what I need.', 'That can wait for next time.'],
};
/** After the close, the learner leaving ("I should probably go") is let go. */
export const AFTER_CLOSE_LEAVING: Options = {
  friendly: ['Of course.', 'Sounds good.', 'No problem at all.'],
  neutral: ['Understood.', 'Of course.', 'Sure.'],
  tough: ['Fine.', 'Understood.', 'Right.'],
};
export const AFTER_CLOSE_WORD: Options = {
  friendly: [
    'Of course.',
    'Sure thing.',
    'Mm-hm.',
    'No problem.',
    'Noted.',
    'Happy to.',
    'Will do.',
    'Okay!',
    'Right you are.',
    'Sounds good.',
    'Yep.',
    'Got it.',
  ],
  neutral: [
    'Sure.',
    'Okay.',
    'Noted.',
    'Mm-hm.',
    'Fine.',
    'Right.',
    'Understood.',
    'Got it.',
    'Alright.',
    'Very well.',
    'Okay, noted.',
  ],
  tough: [
    'Fine.',
    'Noted.',
    'Okay.',
    'Mm.',
    'Right.',
    'Sure.',
    'Understood.',
    'Got it.',
    'Alright.',
    'We said that.',
    'Enough.',
  ],
};

export const AFTER_WALK_OUT = [
  "I've said what I needed to say.",
  'I meant what I said. Not like this.',
  'Not today.',
  "I'm not discussing this any further right now.",
  'Not while you talk to me like that.',
  'An apology would be a start.',
  'I heard you.',
];
export const AFTER_WALK_OUT_APOLOGY = [
  "Alright. Apology accepted. Let's try again, calmly.",
  "Okay. Thank you for that. Let's start again.",
  "Fine. Let's give it another go.",
];

export const DEFLECT: Options = {
  friendly: [
    "Sorry, I'm not sure what you mean by that.",
    "Ha, I don't quite follow you there.",
    "I'm not sure where that came from.",
    "You've lost me, I'm afraid.",
    "Ha, that's a strange one.",
    "I think we've wandered off a bit.",
  ],
  neutral: [
    "I'm not sure what you're getting at.",
    "That's an odd thing to say right now.",
    "I don't know what that's supposed to mean.",
    "I'm not going to do that.",
    "That doesn't make much sense to me.",
    "Let's not go down that road.",
  ],
  tough: [
    "I don't have time for games.",
    "I'm not going to play games here.",
    "Let's not waste time with that.",
    'No.',
    "I'm not doing that.",
    'Stop messing around.',
  ],
};
export const DEFLECT_IDENTITY = [
  'Last time I checked, I was just {first}.',
  "I'm {first}, same as when we started.",
  "It's me, {first}. Nothing's changed.",
];
export const REDIRECT = [
  'Can we get back to {topic}?',
  'Back to {topic}, please.',
  'Anyway, {topic}.',
  "Let's stay on {topic}.",
  "I'm here to talk about {topic}.",
  "I'd rather we focused on {topic}.",
];

export const CLARIFY = [
  'What I mean is this: {s}',
  'Let me put it plainly: {s}',
  'Simply put: {s}',
  'To be clear: {s}',
];
export const CLARIFY_GENERIC = [
  'I mean I need something concrete from you.',
  'I mean I need a real answer, not a general one.',
  'What I mean is, tell me exactly what you can do.',
];

export const OFF_TOPIC: Options = {
  friendly: [
    'Ha, maybe another time.',
    "Let's save that chat for later.",
    'Ha, we can swap stories some other time.',
  ],
  neutral: ['Maybe another time.', "That's not really what I'm here for.", "Let's not go off on a tangent."],
  tough: ["That's not why we're here.", "I don't have time for small talk.", "Let's not get sidetracked."],
};

/** Small talk again after every redirect was used: the waiting question, asked again. */
/** One sentence with the question in it: the question alone was said already. */
export const SETTLE: Options = {
  friendly: ['Take your time, {q}', 'No rush at all — {q}'],
  neutral: ['Take your time — {q}', 'Whenever you are ready: {q}'],
  tough: ['Fine, so {q}', 'Right — {q}'],
};
/** Thanked for calling or for the time: the thanks answered and the question asked again, in one sentence. */
export const SETTLE_THANKED: Options = {
  friendly: ["You're welcome — {q}", 'Of course — {q}'],
  neutral: ['Of course — {q}', 'Sure — {q}'],
  tough: ['Fine — {q}', 'Right — {q}'],
};
export const ASKED_AGAIN = [
  'I asked you: {q}',
  'Again: {q}',
  'My question stands: {q}',
  'So, once more: {q}',
];
export const OFF_TOPIC_AGAIN: Options = {
  friendly: ["We keep drifting! Let's get back to {topic}.", 'Okay, really now: back to {topic}.'],
  neutral: ["We keep drifting. Let's get back to {topic}.", 'Really, back to {topic} now.'],
  tough: ['We keep drifting. Back to {topic}, or we stop here.', 'Enough of that. Back to {topic}.'],
};

/** "Anyway, about the role.": the learner comes back, and the persona asks its waiting question again. */
export const RESUME: Options = {
  friendly: ['Great, thanks. {q}', "Yes, let's. {q}", 'Good idea. {q}'],
  neutral: ['Good. {q}', 'Right. {q}', 'Thank you. {q}'],
  tough: ['Finally. {q}', 'Good. {q}', 'About time. {q}'],
};

export const STEER_OPEN: Options = {
  friendly: ['Sorry, let me stop you there for a second.', "Okay, that's a lot."],
  neutral: ['Let me stop you there.', "Hang on, that's a lot.", 'Okay, slow down.'],
  tough: ['Stop there.', 'Get to the point.', "You're losing me."],
};
export const STEER_ASK = [
  "What's the bottom line?",
  'Give me the short version.',
  'What are you actually asking me for?',
  'In one sentence: what do you need from me?',
];

export const SPECIFICS: Record<'number' | 'time' | 'example' | 'detail', string[]> = {
  number: [
    'What number are we talking about?',
    'Give me a figure.',
    'How much, exactly?',
    'Can you put a number on that?',
  ],
  time: ['When, exactly?', 'By what date?', "What's the timeline?", 'What time are we talking about?'],
  example: [
    'Can you give me a specific example?',
    'What does that look like in practice?',
    'Walk me through a real example.',
    'What did that actually involve?',
  ],
  detail: [
    'Can you be more specific?',
    'I need more detail than that.',
    'What exactly do you mean?',
    'Spell it out for me.',
  ],
};
export const HEDGE = [
  "What does '{h}' mean, exactly?",
  "'{H}' isn't an answer.",
  "When you say '{h}', what do you actually mean?",
  "'{H}'? I need something firmer than that.",
];
export const VAGUE_AGAIN = [
  "That's another vague answer.",
  "You're still being vague.",
  "I'm still not getting anything concrete.",
];

export const ACK_QUOTE: Options = {
  friendly: ['Okay, so {q}.', 'Right, {q}.', 'I see, {q}.', 'Got it, {q}.'],
  neutral: ['So {q}.', 'Okay, {q}.', 'Right, {q}.', 'Got it: {q}.', 'I hear that {q}.'],
  tough: ['So {q}. And?', "You're telling me {q}.", "So {q}. That's not the whole story.", 'Fine, {q}.'],
};
export const ACK_PLAIN: Options = {
  friendly: ['Okay, that makes sense.', 'Mm-hm, I follow.', 'Right, okay.', 'Sure, I see.'],
  neutral: ['Okay.', 'Right.', 'I see.', 'Go on.'],
  // A plain nod says nothing of what was said: "That doesn't tell me much." would be false of a line full of
  // detail, so it is no nod.
  tough: ['Fine.', 'And?', 'Mm. Right.', 'Go on.'],
};

export const ANSWER_LEADS: Record<string, string[]> = {
  want: ['Honestly, {l}', 'Simply put: {l}', 'What I need is this: {l}', '{s}'],
  why: ['Because {l}', 'The reason is simple: {l}', "Here's why: {l}", 'Because, frankly, {l}'],
  when: ['{s}', "Here's the thing: {l}", 'Timing matters here. {s}'],
  other: ['{s}', 'Well, {l}', 'Honestly, {l}', 'Fair question. {s}'],
};
export const REFUSE: Options = {
  friendly: ['I wish I could, but {l}', "I'd like to help, but {l}", "I'm sorry, but {l}"],
  neutral: ["No, I'm afraid not. {s}", "I can't do that. {s}", 'Not as it stands. {s}'],
  tough: ['No. {s}', 'Not a chance. {s}', "That's a no. {s}"],
};
export const SURE: Options = {
  friendly: ['Of course, go ahead.', "Sure, I'm listening.", 'Absolutely.'],
  neutral: ['Sure.', 'Go ahead.', "Okay, I'm listening."],
  tough: ['Go on.', 'Make it quick.', 'Fine. Go ahead.'],
};
export const SURE_ABOUT: Options = {
  friendly: ["Of course, let's talk about {s}.", 'Sure, happy to talk about {s}.'],
  neutral: ["Sure, let's talk about {s}.", 'Okay, {s}. Go ahead.'],
  tough: ['Fine, {s}. Make it quick.', 'Fine, {s}. Go ahead.'],
};
/** Asked when its side will act, with nothing in the scenario to say when. */
export const FIND_OUT: Options = {
  friendly: ["Let me find out and I'll let you know today.", "Good question. I'll check and tell you today."],
  neutral: ["I'll check and let you know today.", "I'll find out and get back to you today."],
  tough: ["I'll check. You'll hear from me today.", "I'll find out. You'll hear today."],
};
/** Offered something it would like ("Would you like me to add a note?"). */
export const YES_PLEASE: Options = {
  friendly: ['Oh, yes please. That would be great.', 'Yes please, that would really help.'],
  neutral: ['Yes, please.', 'Yes, please do.'],
  tough: ['Yes. Do it.', 'Yes, and do it now.'],
};
/** The learner promises to tell how it goes ("I'll let you know on Wednesday"). */
export const REPORT_BACK: Options = {
  friendly: ['Thanks, please do.', 'Yes, do let me know.'],
  neutral: ['Please do.', 'Thanks. Do let me know.'],
  tough: ['Make sure you do.', 'Do.'],
};
/** {o}: which of two things named in the learner's question is so ("my side", "hybrid"). */
export const WHICH_IS_SO: Options = {
  friendly: ["{o}, mostly, I'd say.", '{o}, mostly.'],
  neutral: ['{o}, mostly.', "{o}, I'd say."],
  tough: ['{o}, mostly.', '{o}. Why?'],
};
/** {o}: the option the persona takes of a choice the learner offered ("tonight", "a refund"). */
export const CHOICE: Options = {
  friendly: [
    '{o}, I think. Thanks for giving me the choice.',
    '{o} sounds best to me.',
    '{o}, please. That would really help.',
  ],
  neutral: ['{o}, I think.', '{o}, please.', '{o} would suit me better.'],
  tough: [
    '{o}. And it had better actually happen.',
    '{o}, if you can guarantee it.',
    '{o}. Make sure it happens.',
  ],
};
/** {p}: the persona's promise, "I'll flag it by Friday." */
export const PLEDGE: Options = {
  friendly: ['Yes, of course. {p}', 'Sure, totally. {p}', '{p}'],
  neutral: ['Okay. {p}', 'Yes. {p}', '{p}'],
  tough: ['Fine. {p}', 'If I have to. {p}', '{p}'],
};
export const NOTHING_ELSE: Options = {
  friendly: ["No, I think that's everything. Thank you.", "That's all from me, thanks."],
  neutral: ["No, that's everything.", "That's all I needed."],
  tough: ["No. That's it.", "That's all, as long as it gets done."],
};
/** "Does that plan work for you?" */
export const WORKS: Options = {
  friendly: ['Yes, that works for me.', 'Yes, that sounds good to me.'],
  neutral: ['Yes, that works.', 'That works for me.'],
  tough: ['It works, if it actually happens.', 'Fine, as long as it gets done.'],
};
/** "Does that work for you?" while something the persona wants is still open. */
export const WORKS_BUT: Options = {
  friendly: ['Mostly, yes. {s}', 'Nearly. {s}'],
  neutral: ['Not quite yet. {s}', 'Almost. {s}'],
  tough: ['Not yet. {s}', 'No, not yet. {s}'],
};
/** "What happens next?" with nothing left to ask of the learner: how the persona goes on from here. */
export const NEXT_STEP: Options = {
  friendly: [
    "Next, I'll think over what you've said and get back to you.",
    "From here, I'd like us to agree one concrete step and a date.",
  ],
  neutral: [
    "I'll think about what you've said and get back to you.",
    'Next, we agree one concrete step and a date.',
  ],
  tough: [
    'You come back to me with something concrete. Then we talk.',
    'That depends on what you put on the table.',
  ],
};
/** "What happens now?" once the learner has summed up what was agreed. */
export const NEXT_STEP_SETTLED: Options = {
  friendly: [
    "We do what we just agreed. I'll confirm it on my side.",
    'Now we both get on with it as agreed.',
  ],
  neutral: [
    "We do what we just agreed. I'll confirm it on my side.",
    'What we agreed stands. We go from there.',
  ],
  tough: ['We do what we agreed. Nothing more for now.', 'What we agreed. No more, no less.'],
};
/** What worries the persona, or makes it hard, when the scenario gives it nothing to say about it. */
export const CONCERN: Record<Concern, Options> = {
  feeling: {
    friendly: ["A bit, if I'm honest. But I'm glad you told me.", "Honestly? A little. But I'd rather know."],
    neutral: ['A little, to be honest.', "Somewhat. But I'd rather we talk about it."],
    tough: ['What do you think?', "Wouldn't you be?"],
  },
  'your-read': {
    friendly: ["Good question. What's your own read on it?", 'What do you think it is, honestly?'],
    neutral: ["What's your own read on it?", 'What do you think?'],
    tough: ['You tell me.', 'What do you think?'],
  },
  someone: {
    friendly: [
      "Let me think who'd be best. I'll send you a name or two this week.",
      "I can think of a couple of people. Let me ask them first, then I'll introduce you.",
    ],
    neutral: [
      "Possibly. Let me think about who'd be best, and I'll get back to you.",
      'I might know someone. Let me check with them first.',
    ],
    tough: ["Maybe. Tell me exactly what you'd want from them first.", 'Possibly. What would you ask them?'],
  },
  'their-side': {
    friendly: ['Not great, probably, now you put it like that.', 'Honestly? Probably worse than I meant it.'],
    neutral: ["I hadn't really thought about it from that side.", 'Probably not the way I meant it.'],
    tough: ["I didn't mean it the way you're making it sound.", "I can't read other people's minds."],
  },
  'looking-back': {
    friendly: [
      'Good question. Honestly, how different it was from what I expected, in a good way.',
      'Probably how much I had to learn in the first few months.',
    ],
    neutral: [
      'Probably how different it was from what I expected.',
      'How much I had to learn at the start, honestly.',
    ],
    tough: ["That it's harder than it looks.", 'How much there was to learn.'],
  },
  case: {
    friendly: [
      "Give me the strongest case you can, and I'll see what I can do.",
      "Show me what you've got, and we'll go from there.",
    ],
    neutral: [
      "Make me a clear case, and I'll look at it properly.",
      "Give me a clear case, and I'll take it seriously.",
    ],
    tough: ["Convince me. That's your job.", 'Give me a reason I can defend.'],
  },
  decider: {
    friendly: ["Mostly me, but I'd run it past the others before we sign anything."],
    neutral: ["Me, in the end, but I'd check with the people above me first."],
    tough: ['Me. But I answer to other people, so it has to stack up.'],
  },
  advice: {
    friendly: ['Honestly? Be specific. Tell us what you actually did and what came of it.'],
    neutral: ['Be specific about what you did and what difference it made.'],
    tough: ['Specifics. What you did, and what happened because of it.'],
  },
  noticed: {
    friendly: ["Yes, I've noticed some of that too.", "I've seen some of it, yes."],
    neutral: ["I've seen some of it, yes.", 'Some of it, yes.'],
    tough: ['Some of it.', 'Now and then, yes.'],
  },
  challenge: {
    friendly: [
      "Honestly? Keeping standards up when it gets really busy. That's where the right person makes the difference.",
    ],
    neutral: ['Keeping standards up when things get busy. That is where this role matters most.'],
    tough: [
      "Consistency. Anyone can do it on a quiet day. I need someone who holds it together when it isn't.",
    ],
  },
  training: {
    friendly: [
      "You'd work alongside someone experienced for the first few weeks before you take anything on alone.",
    ],
    neutral: ["You'd shadow someone experienced for the first few weeks, then take things on step by step."],
    tough: [
      "A couple of weeks alongside someone experienced. After that, you're expected to get on with it.",
    ],
  },
  team: {
    friendly: ["It's a close team, and people help each other out when it gets busy."],
    neutral: ["It's a small team that works closely together."],
    tough: ['A small team, and a busy one. Everyone pulls their weight.'],
  },
  day: {
    friendly: [
      'Busy, mostly, but in a good way. A lot of it is keeping things moving and talking to people.',
    ],
    neutral: ['Busy. A lot of it is keeping things moving and talking to people.'],
    tough: ['Busy. Things go wrong, and you sort them out.'],
  },
  next: {
    friendly: ["We'll be in touch within the week about the next stage."],
    neutral: ["We'll let you know about the next stage within the week."],
    tough: ["We'll be in touch. Let's finish this first."],
  },
  need: {
    friendly: [
      'Honestly, just a clear picture of what it means in practice, and a little time to think it over.',
    ],
    neutral: ['A clear picture of what it would mean in practice, and a bit of time to think it over.'],
    tough: ['Something concrete. What it costs, and what we get for it.'],
  },
  worry: {
    friendly: [
      'Honestly, mostly how it works out in practice.',
      'Just the knock-on effect on everything else.',
    ],
    neutral: ['Mainly how it works out in practice.', 'The knock-on effect on everything else, mostly.'],
    tough: ['How it works in practice. Promises are cheap.', 'The knock-on effect. That always lands on me.'],
  },
  hard: {
    friendly: ["It's just a busy time for me, that's all.", "I've got a lot on at the moment, honestly."],
    neutral: ["It's a busy time for me, that's all.", "I've got a lot on at the moment."],
    tough: ["I've got a lot on. That's all you need to know.", "It's a busy time. Leave it at that."],
  },
};
export const DEFLECT_ANSWER: Options = {
  friendly: [
    "I'd rather not go into that, if that's okay.",
    "That's a bit personal, honestly.",
    "Let's leave that to one side for now.",
  ],
  neutral: [
    "That's not something I'm going to get into.",
    "I'd rather not go into that.",
    "That's not really relevant here.",
  ],
  tough: ["That's none of your concern.", "I'm not getting into that.", "That's not on the table."],
};
export const WELLBEING: Options = {
  friendly: ["I'm well, thanks for asking!", 'Busy, but good, thanks.'],
  neutral: ["I'm fine, thanks.", 'Busy, but fine.'],
  tough: ['Fine.', "Busy. Let's get on with it."],
};
export const WELLBEING_STRAINED: Options = {
  friendly: [
    'Honestly? Not great. But thank you for asking.',
    "I've been better, to be honest. Thanks for asking.",
  ],
  neutral: ['Honestly, not great.', "I've been better."],
  tough: ['How do you think?', 'Not great, as you can imagine.'],
};
export const GENERIC_ANSWER: Options = {
  friendly: [
    "Good question, and I don't have a neat answer.",
    "Honestly, I hadn't thought about it that way.",
  ],
  neutral: ["I don't have a neat answer to that.", "Honestly, I'm not sure that matters much right now."],
  tough: ["That's not the point.", "That's beside the point."],
};
export const NUMBER_MINE = [
  'Right now the number on the table is {x}.',
  "{x}. That's what's on the table.",
  'The figure I have for you is {x}.',
];
export const NUMBER_ASKING = ["I'm looking for {x}.", 'What I want is {x}.', "{x}. That's the number."];
export const NUMBER_YOURS = [
  "I'd rather hear your number first.",
  "You tell me. What's your number?",
  "Let's start with what you had in mind.",
];

export const FIGURE: Record<string, string[]> = {
  accept: [
    '{x} works for me.',
    'I can do {x}.',
    'Okay, I can live with {x}.',
    'Alright, {x} it is.',
    'I think we can make {x} work.',
  ],
  acceptFloor: ['{x} covers it, okay.', '{x} is fair, thank you.', 'Alright, {x} I can accept.'],
  counter: [
    "I can't do {x}, but I could get to {c}.",
    '{x} is more than I can do. {c} is where I can land.',
    'Let me meet you partway: {c}, not {x}.',
  ],
  counterFloor: [
    "{x} doesn't cover it. Meet me at {c}.",
    "{x} is too low. Make it {c} and we're close.",
    '{x} is a start, but {c} would be fair.',
  ],
  atLimit: [
    "And that's as far as I can go.",
    "That's genuinely the top of what I can do.",
    "I can't stretch beyond that.",
  ],
  hold: [
    '{x} is more than I can do right now.',
    "I can't get to {x}.",
    "{x} isn't something I can agree to.",
  ],
  holdLimit: ['{x} is well over {r}.', '{x}? I said {r}, and I meant it.', "That's well above {r}."],
  holdRef: [
    '{x} is a big jump from {r}.',
    "We're at {r}. {x} is a long way from that.",
    "{x}? We've been talking about {r}.",
  ],
  holdFloor: [
    "{x} doesn't come close to {r}.",
    '{x} is well short of {r}.',
    "{x} isn't enough. I'm talking about {r}.",
  ],
  probe: [
    '{x}. Where does that number come from?',
    'Walk me through how you got to {x}.',
    "{x}? What's that based on?",
    'Why {x}?',
  ],
  note: ['{x}, I see.', '{x}. Okay.', '{x}, got it.', '{x}. Right.'],
  /** A figure that came with its reasons: heard and weighed, not asked where it comes from. */
  weigh: ['{x}. I follow your reasoning.', "{x}. That's a case I can take seriously.", '{x}. I hear why.'],
  noteCommit: [
    '{x}. Noted.',
    "{x}. I'm going to hold you to that.",
    "{x}. I'll remember that.",
    '{x}, then.',
  ],
  toughHold: ["{x}? That's not going to happen.", '{x} is not realistic.', 'No. Not {x}.'],
  movedDown: ["You've come down from {p} to {x}.", "That's down from {p}."],
  movedUp: ['That is more than the {p} you mentioned before.', "That's up from {p}."],
};
export const ASK_BASIS = [
  "What's that based on?",
  'Help me understand how you got to that number.',
  'Why should I go there?',
];

export const HOLD: Options = {
  friendly: ['I do hear you, but {l}', 'I wish I could, but {l}', 'I understand, but {l}'],
  neutral: ['I hear you, but {l}', "I understand, but my position hasn't changed: {l}", 'Look, {l}', '{s}'],
  tough: ['No. {s}', "That doesn't change anything. {s}", "I've heard you. {s}"],
};
export const HOLD_AGAIN: Options = {
  friendly: [
    "I know it's frustrating, but I can't move on that.",
    "I'm sorry, but that part isn't going to change.",
  ],
  neutral: ["I've told you where I stand on that.", "My position hasn't changed.", "I'm not moving on that."],
  tough: [
    "I've told you where I stand.",
    "That doesn't change my position.",
    "I hear you. It doesn't change anything.",
  ],
};
export const CONCEDE: Options = {
  friendly: [
    "Okay, that's a fair point. {s}",
    'You know what, that makes sense. {s}',
    "Alright, you've convinced me on that. {s}",
  ],
  neutral: [
    "Okay, that's a fair point. {s}",
    "Alright, you've made a reasonable case. {s}",
    "That's helpful. {s}",
  ],
  tough: [
    "Fine. {s} That's as far as I go.",
    "Alright. {s} Don't push your luck.",
    "Okay. {s} But that's it.",
  ],
};
export const EVIDENCE_LEADS = ['{s}', 'Here is what would change my mind. {s}', '{s} Then we can talk.'];

export const COMMIT: Options = {
  friendly: ['Okay, so {q}. That really helps.', 'Thank you. So {q}, great.', 'So {q}. That sounds good.'],
  neutral: ["So {q}. I'll hold you to that.", 'Okay, {q}. Good.', 'Right: {q}. That helps.'],
  tough: [
    "So {q}. I'll believe it when I see it.",
    "{Q}. I'm holding you to that.",
    'Fine, {q}. In writing, please.',
  ],
};
export const COMMIT_PLAIN: Options = {
  friendly: ["That's good to hear.", 'Okay, that helps a lot.'],
  neutral: ['Okay, that helps.', "Good. I'll hold you to that."],
  tough: ["I'll believe it when I see it.", 'Words are cheap. I need specifics.'],
};
/** A promise with its when or how much said: no "I need specifics" after it. */
export const COMMIT_PLAIN_SPECIFIC: Options = {
  ...COMMIT_PLAIN,
  tough: ["I'll believe it when I see it.", "Fine. I'm holding you to that."],
};
export const COMMIT_WHEN = ['{w}. Noted.', "{w}. I'm writing that down.", 'By {w}, then.'];
export const COMMIT_VAGUE_TOUGH = ['When, exactly?', 'In writing?', 'Who is responsible for that?'];

export const AGREE: Options = {
  friendly: ['Great, I am glad we agree.', 'Good, that works.', 'Lovely. That helps.'],
  neutral: ['Good.', 'Okay, good.', "Alright. That's settled then."],
  tough: ['Fine.', 'Good. Next.', "Okay. That's one thing."],
};

export const GOAL_FOLLOW: Record<'information' | 'outcome', Options> = {
  information: {
    friendly: ['Could you help me with that?', 'What can you tell me?', 'Would you talk me through it?'],
    neutral: ['Talk me through it.', 'What can you tell me?', 'So?'],
    tough: ['Be specific.', 'Go on.', 'Tell me.'],
  },
  outcome: {
    friendly: ['Is that something you can help with?', 'Do you think that is possible?'],
    neutral: ['What can you do about that?', 'Can you make that happen?'],
    tough: ['What are you going to do about it?', 'I need that sorted.'],
  },
};
export const ASKS_FOR_ACTION =
  /\b(?:get|secure|refund\w*|back|fixed|sorted|replaced|covered|paid|compensat\w*|commitment|plan|written|confirm\w*|delivered|cancel\w*|resolve\w*)\b/i;
export const GOAL_LEADS: Options = {
  friendly: ['{s}', 'Also, {l}', 'And one more thing: {l}'],
  neutral: ['{s}', 'Also, {l}', 'One more thing: {l}'],
  tough: ['{s}', 'One more thing: {l}', 'And {l}'],
};
export const COUNTER_QUOTE: Options = {
  friendly: ['Oh? {Q}? What makes you say that?', 'So {q}. Tell me more.'],
  neutral: ['So {q}. What makes you say that?', '{Q}? Why do you say that?'],
  tough: ['So {q}. Convince me.', '{Q}? Based on what?'],
};
export const REFUSED: Options = {
  friendly: ['Oh. Why not?', 'Okay, so what is possible?', 'Hm. What could you do instead?'],
  neutral: ['Why not?', 'Then what is possible?', "That's not good enough. What can you do?"],
  tough: ['Then what can you do?', 'Then find a way.', 'Not possible, or not convenient?'],
};
export const ASAP: Options = {
  friendly: ['As soon as you reasonably can, honestly.', 'Sooner rather than later, if possible.'],
  neutral: ['As soon as possible.', 'Sooner rather than later.', 'Today, ideally.'],
  tough: ['Yesterday.', 'Today. Not next week.', 'As soon as possible, and I mean that.'],
};
export const COUNTER: Options = {
  friendly: ["Hm, I'm not so sure about that.", 'We might have to agree to disagree there.'],
  neutral: ["That's not how I see it.", "I'm not so sure about that.", "We'll have to disagree on that one."],
  tough: ["That's your view. I don't share it.", 'Convince me.', "I don't buy that."],
};

export const MEET: Options = {
  friendly: ['Nice to meet you, {n}!', 'Lovely to meet you, {n}.'],
  neutral: ['Nice to meet you, {n}.', 'Good to meet you, {n}.'],
  tough: ['{n}. Right.', 'Okay, {n}.'],
};
export const REPORTED_FOLLOW_ANY = [
  "What's behind that?",
  'What does that tell you?',
  'How confident are you in that?',
  'And what was your part in that?',
];
export const REPORTED_FOLLOW: Partial<Record<ScenarioCategory, string[]>> = {
  'job-interviews': [
    'How did you do that?',
    'What was your part in that, personally?',
    'What did you learn from it?',
    'What would you do differently?',
  ],
  networking: ['How did you manage that?', 'What made the difference?', 'Interesting. What worked best?'],
  'executive-communication': [
    "What's driving that?",
    'How confident are you in that number?',
    'What does that mean for the year?',
  ],
  'crisis-management': ['How do you know that?', 'Who else knows?', 'What are you doing about it right now?'],
  'giving-feedback': [
    'Okay. What do you want me to do about it?',
    "I didn't realise it was that many.",
    'Is that what this is about?',
  ],
  'setting-boundaries': [
    "I didn't realise it was that much.",
    'Really? That often?',
    'Okay. What would work better for you?',
  ],
  'conflict-resolution': [
    'Okay. Why does that matter so much to you?',
    'I did not realise that.',
    'And what do you want from me?',
  ],
};
/** Why the persona did something, when the scenario does not say. */
export const WHY_PAST = [
  "Honestly, I didn't think about it at the time.",
  "I didn't mean anything by it.",
  'It just happened that way, honestly.',
  'Good question. I suppose it seemed right at the time.',
];
/** Why the persona wants what it wants, when the scenario does not say. */
export const WHY: Record<ScenarioCategory, string[]> = {
  'job-interviews': [
    "It's how the team works day to day, and I need to know it suits you.",
    "Because it's part of what the job needs.",
  ],
  'customer-service': [
    "Because I paid for a service and didn't get it.",
    "Because it's the least I'm owed here.",
  ],
  sales: ['Because I have to justify every cost.', 'Because I have been burned before.'],
  'team-meetings': ['Because the whole team depends on it.', 'Because that is how we keep things moving.'],
  'conflict-resolution': [
    'Because it matters to me, and I think it is fair.',
    "Honestly, because that's how I see it.",
  ],
  networking: ['It just seemed worth my time.', 'Because I like to know who I am talking to.'],
  'salary-negotiation': [
    "Because that's how our process works.",
    'Because I have to be fair to everyone else on the team.',
  ],
  'giving-feedback': [
    "I'm honestly not sure. It's just how it has been.",
    "I don't really know, to be honest.",
  ],
  'setting-boundaries': [
    "Because that's what the work needs.",
    'Because things come up and someone has to handle them.',
  ],
  'executive-communication': [
    'Because I have to be able to defend it.',
    'Because the board will ask, and I need an answer.',
  ],
  'crisis-management': [
    "Because people are affected and I'm accountable to them.",
    'Because the clock is running on this.',
  ],
};
export const DETAIL_ECHO = ['{D}?', '{D}, you say.', 'Hm, {d}.'];
export const YIELD: Options = {
  friendly: [
    'Okay, that actually works for me.',
    "You know what, that's fair. I can do that.",
    'Alright, put that way, I can do that.',
  ],
  neutral: [
    'Okay, that I can work with.',
    'Fair enough, that changes things.',
    'Alright, put like that, I can agree.',
  ],
  tough: ['Fine. That I can accept.', "Alright. That's reasonable.", 'Okay. That works.'],
};
/** The persona takes the learner's no, once they have said why. */
export const YIELD_TO_NO: Options = {
  friendly: ["Okay. I hear you. I'll sort something else out.", "That's fair. I'll find another way."],
  neutral: ["Okay, fair enough. I'll find another way.", "Understood. I'll look elsewhere."],
  tough: ["Fine. I'll find someone else.", 'Alright. Noted.'],
};
export const CONSIDER_YES: Options = {
  friendly: ['That could work.', "Sure, let's do that.", 'I like that idea.'],
  neutral: ['That could work.', "Okay, I'm open to that.", "Let's do that."],
  tough: ["Maybe. Convince me it's worth it.", "It's a start, I suppose.", 'I could live with that.'],
};
/** A concrete proposal the persona is not sure of: a reaction to it, not a request for what it was. */
export const CONSIDER_MAYBE_DETAIL = [
  "I'm not against it, but I want to think it through.",
  'Maybe. I can see that working, with a bit of thought.',
  "That's not a no. Let me think about it.",
];
export const CONSIDER_MAYBE = [
  'Maybe. What would that involve?',
  'Possibly. Tell me more.',
  "I'm not sure yet. Tell me why it makes sense.",
];
export const WRAP_UP = [
  "We're running short on time, so let's land this.",
  "Let's start wrapping up.",
  'We need to bring this to a close soon.',
  "We're nearly out of time.",
];
export const WRAP_UP_ITEMS = [
  "What I've heard so far: {i}.",
  'On the table right now: {i}.',
  'Where we are: {i}.',
];
export const WRAP_UP_ASK_DEFAULT = [
  'Where do we land?',
  "What's your final position?",
  'So what are we agreeing?',
  'What do you want to do?',
];
/** The closing question in the persona's situation: an interviewer does not ask for a "final position". */
export const WRAP_UP_ASK: Partial<Record<ScenarioCategory, string[]>> = {
  'job-interviews': [
    'Is there anything you would like to ask me before we finish?',
    'Any last questions for me?',
  ],
  'customer-service': ['So what exactly happens next?', 'So what are you going to do, and when?'],
  'giving-feedback': ['So what happens from here?', 'What do you need from me going forward?'],
  networking: ['Shall we stay in touch?', 'What would be a good next step for us?'],
  'team-meetings': ['So what are we agreeing?', 'Who is doing what, then?'],
  'crisis-management': ['So what happens next, and when?', 'What exactly are you committing to?'],
};
/**
 * A question the persona has nothing of its own to answer with: it says so briefly, in role, and goes on
 * with its own next question rather than guessing or claiming to look it up.
 */
export const DEFER: Options = {
  friendly: ["Good question. I'm honestly not sure.", "Hm, I'd have to think about that."],
  neutral: ["I'm not sure, to be honest.", "I'd have to think about that."],
  tough: ["I'd have to think about that.", 'Hard to say.'],
};
/** Early on, to a line that asks nothing and gives nothing to weigh: heard, and the learner goes on. */
export const GO_ON: Options = {
  friendly: ["Okay. So what's up?", 'Okay, good. Go on, then.'],
  neutral: ['Okay. Go on.', 'Right. Go on.'],
  tough: ['Right. Go on.', 'Okay. And?'],
};
/** Still hearing the learner out, after asking what they want: it lets them go on rather than ask again. */
export const LISTENING: Options = {
  friendly: ["I'm listening.", "Go on, I'm listening."],
  neutral: ['Go on.', "I'm listening."],
  tough: ['Go on.', 'And?'],
};
/** Asked whether something happened that it cannot say: it says it does not know, not that it must think. */
export const NOT_KNOWN: Record<'elsewhere' | 'received', Options> = {
  elsewhere: {
    friendly: ["Honestly, I don't know.", "I couldn't tell you, to be honest."],
    neutral: ["I don't know, to be honest.", "I couldn't tell you."],
    tough: ['No idea.', "I couldn't tell you."],
  },
  received: {
    friendly: ["I'd have to check, to be honest.", "Maybe? I'd need to look."],
    neutral: ["I'd have to check.", "I'd need to look."],
    tough: ["I'd have to check.", "I'd need to look."],
  },
};
export const NOT_SO_FAST: Options = {
  friendly: ['Before we wrap up, one more thing. {s}', 'Oh, just before you go. {s}'],
  neutral: ['Not so fast. {s}', "Before we finish: we haven't covered this. {s}"],
  tough: ["We're not done. {s}", 'Hold on, we are not finished. {s}'],
};

export const SUMMARY = [
  'Let me make sure I have this right: {i}.',
  'So, to recap: {i}.',
  "Where we've landed: {i}.",
  'To be clear, then: {i}.',
];

export const CATEGORY_PRESS: Record<ScenarioCategory, string[]> = {
  'job-interviews': [
    'Can you give me a concrete example?',
    'What was the result?',
    'What did you personally do?',
    'How would you handle that differently now?',
    'What would your last manager say about that?',
  ],
  'customer-service': [
    'So what can you actually do for me?',
    'When will this be sorted?',
    'Who is going to own this?',
    'What happens if it goes wrong again?',
    'And what do I do in the meantime?',
  ],
  sales: [
    'What would this actually cost me?',
    'Why should I switch?',
    "What's in it for us?",
    'How do I explain that to my boss?',
    'How soon would we see a difference?',
  ],
  'team-meetings': [
    'What do you need from the team?',
    "What's the decision we need to make?",
    'Who owns the next step?',
    'What is blocking you?',
  ],
  'conflict-resolution': [
    'So what are you proposing?',
    'What would you want me to do differently?',
    'How do we stop this happening again?',
    'What would fair look like to you?',
  ],
  networking: [
    'What are you hoping to get out of this?',
    'What about you, what are you working on?',
    'How can I actually help?',
    'What have you done so far?',
  ],
  'salary-negotiation': [
    'What number did you have in mind?',
    'What are you basing that on?',
    'Is salary the only thing on your mind?',
    'How soon could you give me an answer?',
  ],
  'giving-feedback': [
    'Can you give me an example?',
    'What should I do differently?',
    'Is this coming from you or from someone else?',
    'How long has this been bothering you?',
  ],
  'setting-boundaries': [
    'So what would work for you?',
    'What happens when something urgent comes up?',
    'What exactly are you asking me to change?',
    'Is this about the workload or about me?',
    'What does that mean for us, in practice?',
  ],
  'executive-communication': [
    "What's the bottom line?",
    "What's your recommendation?",
    "What's the risk if we're wrong?",
    'What do you need from me?',
  ],
  'crisis-management': [
    'What happens next, and when?',
    'Who is in charge of this?',
    'When will I get the next update?',
    'What are you not telling me?',
  ],
};

export const CLOSE: Record<ScenarioCategory, { yes: string[]; no: string[] }> = {
  'job-interviews': {
    yes: [
      "That's all my questions. Thank you, we'll be in touch about next steps.",
      'Good. That gives me what I need. You will hear from us soon.',
    ],
    no: [
      "We're out of time. I'll be honest, I still have some open questions.",
      "Okay. I'll have to think about some of those answers.",
    ],
  },
  'customer-service': {
    yes: [
      "Okay. If that happens the way you've said, I'm satisfied.",
      'Alright, thank you. That is what I needed.',
    ],
    no: [
      "I'll wait to see it happen. If it doesn't, I'm calling back.",
      "I'm not fully satisfied, but I'll give you the chance to fix it.",
    ],
  },
  sales: {
    yes: [
      "Send me that in writing and I'll take it to the team.",
      "Okay, I'm interested. Let's set up the next step.",
    ],
    no: [
      "Send me something in writing and I'll think about it.",
      "I'm not convinced yet, but you can follow up.",
    ],
  },
  'team-meetings': {
    yes: ["Good, let's go with that. Thanks, everyone.", "Okay, that's the plan then."],
    no: ["Let's pick this up offline. We're not there yet.", "We'll have to come back to this."],
  },
  'conflict-resolution': {
    yes: ['Okay. I think we can make that work.', "Alright. I'm glad we talked."],
    no: [
      "I'm not sure we've solved it, but at least we talked.",
      "Let's leave it there for now and see how it goes.",
    ],
  },
  networking: {
    yes: ['This was really useful. Let us stay in touch.', 'Good chatting with you. Drop me a note.'],
    no: ['Nice to meet you. Good luck with everything.', 'Anyway, I should get going. Good luck.'],
  },
  'salary-negotiation': {
    yes: [
      "Great. I'll put that in writing and get it over to you.",
      'Good. Let me send over the updated offer.',
    ],
    no: [
      'Think it over and let me know. The offer stands as it is for now.',
      "Let me know where you land. I can't promise more.",
    ],
  },
  'giving-feedback': {
    yes: ['Okay. Thank you for being straight with me.', "Alright. I'll work on it."],
    no: ["I'll think about what you said.", "I hear you. I'm not sure I agree with all of it."],
  },
  'setting-boundaries': {
    yes: ["Okay, that's fair. Let's try it that way.", 'Alright, that works for me.'],
    no: ["Fine. We'll see how it goes.", "I don't love it, but okay."],
  },
  'executive-communication': {
    yes: ["Good. Put it in writing and I'll support it.", 'Okay. I can take that forward.'],
    no: ["I'm not there yet. Come back with the numbers.", "I'll need more before I can back this."],
  },
  'crisis-management': {
    yes: [
      "Okay. I'm holding you to every one of those commitments.",
      'Alright. Send it in writing and keep me updated.',
    ],
    no: [
      "This isn't over. I expect the next update on time.",
      "I'm not satisfied, and I'll be escalating if this slips.",
    ],
  },
};
/** The goodbye that ends a close which does not already say one. */
export const CLOSE_END: Options = {
  friendly: [
    "Let's leave it there for today.",
    'Thanks for your time.',
    "Let's leave it there, and thank you.",
  ],
  neutral: ["Let's leave it there.", 'Thank you for your time.', "Let's leave it there for now."],
  tough: ["That's all for now.", "We're done here for today.", "Let's leave it there."],
};

export const CLOSE_EXTRA = [
  "I'll hold you to that.",
  "Let's keep in touch on it.",
  'Thanks for your time.',
  "We'll talk again soon.",
  'Okay. Thank you.',
  'Good. That will do for today.',
  "Alright, let's leave it there.",
];

export const FALLBACK = [
  "Let's keep going.",
  'Back to it, then.',
  'And then?',
  'I am still listening.',
  'So, where does that leave us?',
  'What happens now?',
  'Tell me what you propose.',
  "So what's next?",
  'Where do you want to go from here?',
  'Okay. Keep going.',
];

/*
 * A scenario the learner wrote has a category only by its closest catalogue scenario: the partner speaks
 * as anyone would whom the learner came to with something, never in another kind's words ("What number
 * did you have in mind?" from a builder, "Thanks, everyone." to one person).
 */
/** Questions the other person presses with: what is being asked, what it means for them, what next. */
export const OWN_PRESS = [
  'What would you suggest?',
  'What would that mean for me in practice?',
  'How would that work, day to day?',
  'Anything more I ought to hear before we go on?',
];
export const OWN_CLOSE: { yes: string[]; no: string[] } = {
  yes: ["Okay. Let's go with that.", 'Alright, I can go along with that. Good that you brought it up.'],
  no: ["Let me think about it, and we'll talk again.", "I'm not sure yet. Let me sleep on it."],
};
export const OWN_WRAP_UP_ASK = ['So what are we agreeing?', 'So what happens now?'];
export const OWN_WHY = ["Honestly, because that's how I see it.", 'Because it matters to me too.'];
export const OWN_REPORTED_FOLLOW = [
  "I didn't realise that.",
  'Okay. What would you like to happen?',
  'What do you need from me?',
];
