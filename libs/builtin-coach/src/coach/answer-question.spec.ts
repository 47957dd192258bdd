import type { Message } from '@parley/contracts';
import { answerQuestion, type CoachQuestionInput } from './answer-question';

const transcript: Message[] = [
  { sender: 'ai', content: 'So, what did you want to talk about?' },
  { sender: 'user', content: 'Um, I guess maybe I want more money?' },
  { sender: 'ai', content: 'How much, and why?' },
  { sender: 'user', content: 'I am asking for $95k because I led the billing migration.' },
];

const input = (question: string): CoachQuestionInput => ({
  transcript,
  feedback: {
    clarity: 6.5,
    empathy: 4.2,
    persuasion: 7.8,
    strengths: ['You named a number.'],
    weaknesses: ['You did not acknowledge the budget.'],
    suggestions: ['To raise empathy, name what the other person feels.'],
    evidence: {
      clarity: [{ line: 'Um, I guess maybe I want more money?', effect: 'cost', reason: 'hedges', index: 1 }],
      empathy: [],
      persuasion: [
        {
          line: 'I am asking for $95k because I led the billing migration.',
          effect: 'earned',
          reason: 'gives a reason',
          index: 3,
        },
      ],
    },
    objectives: [
      {
        objective: 'Name the number',
        met: true,
        line: 'I am asking for $95k because I led the billing migration.',
        index: 3,
      },
      { objective: 'Agree a date', met: false },
    ],
  },
  thread: [{ sender: 'user', content: question }],
});

describe('the builtin coach', () => {
  it('explains a score from its evidence, quoting the learner, and names a turn to retry', () => {
    const answer = answerQuestion(input('Why was clarity low?'));
    expect(answer.text).toContain('Your clarity was 6.5/10');
    expect(answer.text).toContain('At turn 1 you said “Um, I guess maybe I want more money?”: hedges.');
    expect(answer.text).toContain('Try again from turn 1');
    expect(answer.retryFrom).toBe(1);
  });

  it('suggests a retry even where no line cost points', () => {
    const answer = answerQuestion(input('why was empathy so low?'));
    expect(answer.text).toContain('Your empathy was 4.2/10 (needs work).');
    expect(answer.retryFrom).not.toBeNull();
  });

  it('answers what to have said at a turn with a stronger version', () => {
    const answer = answerQuestion(input('What should I have said at turn 2?'));
    expect(answer.text).toContain('At turn 2 you said “I am asking for $95k');
    expect(answer.text).toContain('A stronger way to say it');
    expect(answer.retryFrom).toBe(3);
    expect(answerQuestion(input('and my third message?')).text).toContain('there is no turn 3');
  });

  it('lists the objectives met and not met', () => {
    const answer = answerQuestion(input('Did I meet my objectives?'));
    expect(answer.text).toContain('You met 1 of 2 objectives.');
    expect(answer.text).toContain('- Not yet met: Agree a date');
  });

  it('gives an overview with examples for any other question', () => {
    expect(answerQuestion(input('hmm')).text).toContain('Empathy is the one to work on first.');
  });

  it('says what it can answer when the question is not about the session', () => {
    for (const question of [
      'What is the capital of France?',
      'who won the world cup in 2018',
      'Can you recommend a good pizza place near the station?',
    ]) {
      const answer = answerQuestion(input(question));
      expect(answer.text).toContain('I can only answer questions about this practice session');
      expect(answer.text).not.toContain('Scores:');
      expect(answer.retryFrom).toBeNull();
    }
    expect(answerQuestion(input('So how did it go overall?')).text).toContain('Scores:');
    expect(answerQuestion(input('what would they have wanted to hear?')).text).toContain('Scores:');
  });

  it('offers the questions this session invites, not a low score that was strong', () => {
    const strong = input('hmm');
    strong.feedback = { ...strong.feedback, clarity: 8.6, empathy: 8.4, persuasion: 9.1 };
    const text = answerQuestion(strong).text;
    expect(text).toContain('“How could my empathy be even stronger?”');
    expect(text).not.toContain('Why was empathy low?');
    expect(answerQuestion(input('hmm')).text).toContain('“Why was empathy low?”');
  });

  it('names the weakest and the strongest line by turn, not a dimension', () => {
    const weakestLine = answerQuestion(input('Which of my messages was the weakest?'));
    expect(weakestLine.text).toMatch(/^Your weakest line was turn 1\./);
    expect(weakestLine.text).toContain('At turn 1 you said “Um, I guess maybe I want more money?”');
    expect(weakestLine.retryFrom).toBe(1);
    const best = answerQuestion(input('what was my best line?'));
    expect(best.text).toMatch(/^Your strongest line was turn 2\./);
    expect(best.text).not.toContain('Your clarity was');
    const noCost = answerQuestion(input('Which line hurt my empathy the most?'));
    expect(noCost.text).toMatch(
      /^No line of yours cost points for empathy; turn \d is the one that earned the least\./,
    );
  });
});
