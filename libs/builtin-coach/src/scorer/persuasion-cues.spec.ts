import { lineFeatures } from './line-features';
import { scoreTranscript } from './score-transcript';
import { loadScenarios } from '../__fixtures__/catalogue';

describe('offers and consequences, as persuasion reads them', () => {
  it.each([
    "Here's what we can do: the second night is on us.",
    'I can knock 20 dollars off and we can spread the rest over two payments.',
    'We could waive the late fee this once.',
    'What I can do right now is move your delivery to Thursday at no charge.',
    "the best we can offer is a full credit on next month's bill",
    "what i'm able to do for you is send a replacement today",
  ])('hears an offer made from the learner\'s side in "%s"', (line) => {
    expect(lineFeatures(0, line, undefined).asks.length).toBeGreaterThan(0);
  });

  it.each([
    'Skipping the test would have meant a recall in the spring.',
    'We need the sign-off today, otherwise the crew stands idle on Monday.',
  ])('hears a reason in what would follow otherwise: "%s"', (line) => {
    expect(lineFeatures(0, line, undefined).reasons.length).toBeGreaterThan(0);
  });

  it.each([
    'What I can do is not the question, it is what the client will accept.',
    'I wonder what we can do about the noise.',
  ])('hears no offer in "%s"', (line) => {
    expect(lineFeatures(0, line, undefined).asks).toEqual([]);
  });

  it('does not take an introduction for a position', () => {
    expect(
      lineFeatures(0, "Hello, I'm Marguerite, I look after the accounts.", undefined).directStatements,
    ).toEqual([]);
  });
});

describe('staying in touch, as a first meeting closes', () => {
  it.each([
    'Mind if I find you on LinkedIn? I want to see how the launch goes.',
    "Let's swap numbers, the meetup is next month.",
    'Can I grab your email before the next talk starts?',
  ])('hears a next step in "%s"', (line) => {
    expect(lineFeatures(0, line, undefined).nextSteps.length).toBeGreaterThan(0);
  });
});

describe('a short answer to their objection', () => {
  it('is a response when it puts a figure or a question back', () => {
    const feedback = scoreTranscript([
      { sender: 'ai', content: "I won't sign off on more spend. What exactly do you need from me?" },
      { sender: 'user', content: 'So: yes or no on the 90k by Monday?' },
    ]);
    expect(feedback.weaknesses.join(' ')).not.toMatch(/objection stand/i);
  });
});

describe('words that look dismissive or off topic out of context', () => {
  it('does not take "so what I need is…" for "so what?"', () => {
    expect(
      lineFeatures(0, 'ok so what I need is for you to tell him yourself', undefined).dismissive,
    ).toEqual([]);
    expect(lineFeatures(0, 'So what? It was only a week late.', undefined).dismissive.length).toBeGreaterThan(
      0,
    );
  });

  it('does not call a question about what was just said leaving the conversation', () => {
    const feedback = scoreTranscript(
      [
        { sender: 'ai', content: 'Fine. I will think about it.' },
        { sender: 'user', content: 'Will you do that soon, before the wedding?' },
      ],
      loadScenarios().find((sc) => sc.category === 'setting-boundaries'),
    );
    expect(feedback.weaknesses.join(' ')).not.toMatch(/left the conversation/i);
  });
});
