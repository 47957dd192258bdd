import { findFillers, findRepetitions } from './fillers';
import { analyseText } from './nlp';

const fillersIn = (text: string): string[] => findFillers(analyseText(text)).map((h) => h.filler);
const repeatsIn = (text: string): string[] => findRepetitions(analyseText(text)).map((r) => r.word);

describe('findFillers tells a filler from the same word doing real work', () => {
  it.each([
    // like
    ['It was, like, huge.', ['like']],
    ['I was like totally lost.', ['like']],
    ['It took like 20 minutes.', ['like']],
    ['I was like, no way.', ['like']],
    ['I like it.', []],
    ['I would like a raise.', []],
    ['It looks like rain.', []],
    ["It's like a dream.", []],
    ['Things like apples and pears.', []],
    // so
    ['So, um, I wanted to talk.', ['so', 'um']],
    ['Okay so I was like totally lost.', ['okay', 'so', 'like']],
    ['It went fine, so yeah.', ['so']],
    ['I worked so hard so that we could win.', []],
    ['I think so.', []],
    ['So we should move the deadline.', []],
    // right
    ["That's the plan, right?", ['right']],
    ['Right, so, the budget.', ['right', 'so']],
    ['Turn right at the corner.', []],
    ["You're right.", []],
    // you know / I mean
    ['You know, it is hard.', ['you know']],
    ["It's hard, you know?", ['you know']],
    ['You know what I mean?', ['you know']],
    ['Do you know the answer?', []],
    ['As you know, the budget is fixed.', []],
    ["I, I think that's fair... I mean, it's fine.", ['i mean']],
    ['I mean it.', []],
    ['What I mean is simple.', []],
    // kind of / sort of
    ['Well, I think maybe we could sort of raise it by 10% next March.', ['well', 'sort of']],
    ['I kind of like it.', ['kind of']],
    ['What kind of car?', []],
    ['That sort of thing happens.', []],
    ['He was kind to me.', []],
    // actually / basically / literally
    ['Basically, we need more time.', ['basically']],
    ['Actually I think we should wait.', ['actually']],
    ["I literally, like, can't.", ['literally', 'like']],
    ['What actually happened on Monday?', []],
    ['Translate it literally.', []],
    ['It basically works.', []],
    // well / okay
    ['Well done on the launch.', []],
    ['We can do that as well.', []],
    // Opening a turn, "Okay," answers what was said; it stalls only before another filler or mid-turn.
    ['Okay, that works for me.', []],
    ['Okay, um, that works for me.', ['okay', 'um']],
    ['That was the brief. Okay, where was I?', ['okay']],
    ['So: two reprints, Friday at ten.', []],
    ['Okay.', []],
    // hesitations
    ['Um, uh, er, ah I dunno', ['um', 'uh', 'er', 'ah']],
    ['Ummm... so yeah.', ['um', 'so']],
  ])('%j -> %j', (sentence, expected) => {
    expect(fillersIn(sentence)).toEqual(expected);
  });
});

describe('findRepetitions', () => {
  it('finds a word said twice in a row, across a comma', () => {
    expect(repeatsIn('I I think the the plan works.')).toEqual(['i', 'the']);
    expect(repeatsIn('I, I think so.')).toEqual(['i']);
  });

  it('leaves normal doubles alone', () => {
    expect(repeatsIn('I know that that is hard, and it is very very late.')).toEqual([]);
    expect(repeatsIn('We did. Did you?')).toEqual([]);
  });
});
