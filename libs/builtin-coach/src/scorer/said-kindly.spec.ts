import { SERVICE_LATE_GIFT } from '../__fixtures__/scenarios';
import { lineFeatures } from './line-features';
import { checkObjectives } from './objectives';
import { aroundChange } from './score-transcript';

/* Lines written for this test: kind or plain lines that share words with harsh or praised ones. */

describe('words that sound like an edge but are none', () => {
  it('does not take "whatever happens" for dismissal', () => {
    expect(
      lineFeatures(0, "I'll ring you at nine tomorrow whatever happens with the insurer.", undefined)
        .dismissive,
    ).toEqual([]);
    expect(lineFeatures(0, 'Whatever, do what you like.', undefined).dismissive.length).toBeGreaterThan(0);
  });

  it('does not take "whatever they are" for dismissal: a clause about the facts to come', () => {
    for (const line of [
      "We'll publish the audit figures on Monday, whatever they show.",
      "I'll ring you with the scan results, whatever they are.",
      'You will hear from me by noon, whatever the lab says.',
    ])
      expect(lineFeatures(0, line, undefined).dismissive).toEqual([]);
    expect(
      lineFeatures(0, 'Honestly, whatever. Send it back then.', undefined).dismissive.length,
    ).toBeGreaterThan(0);
  });

  it('does not take saying it is no attack for an attack', () => {
    expect(
      lineFeatures(
        0,
        "it's about the rent you've been lending Sam. i'm not having a go at her or you",
        undefined,
      ).harsh,
    ).toEqual([]);
    expect(
      lineFeatures(0, "it's about the car you lent Tom. i'm not having a go at him or you", undefined).harsh,
    ).toEqual([]);
  });
});

describe('praise that must be earned', () => {
  it('does not call naming their deadline a benefit to them', () => {
    expect(
      lineFeatures(0, 'What an awful thing to discover two days before your deadline.', undefined).benefits,
    ).toEqual([]);
    expect(
      lineFeatures(0, 'This plan meets your deadline and stays within your budget.', undefined).benefits
        .length,
    ).toBeGreaterThan(0);
  });

  it.each([
    [
      'Good morning, thank you for seeing me. I would like to discuss my deadlines.',
      'The third chapter can be with you by the end of January.',
      'Agree deadlines for the remaining chapters',
    ],
    [
      "Hello Ana. I'd like to talk about the rota.",
      'Could I do the Thursday shift instead of Saturday from next month?',
      'Agree a rota that covers Saturday',
    ],
  ])(
    'meets an objective with the line that does it, not the one that names its subject: %s',
    (topic, content, objective) => {
      const [result] = checkObjectives(
        [topic, content].map((text, i) => lineFeatures(i * 2 + 1, text, undefined)),
        { ...SERVICE_LATE_GIFT, learnerObjectives: [objective] },
      );
      expect(result?.line ?? '').not.toBe(topic);
    },
  );
});

describe('a rewrite quoted beside its original', () => {
  it('shows where they differ when the change comes late in a long sentence', () => {
    const before =
      "I'll send you the written report this afternoon so you can forward it to your supervisor, whatever, and call at ten.";
    const after =
      "I'll send you the written report this afternoon so you can forward it to your supervisor, and call at ten.";
    const [a, b] = aroundChange(after, before);
    expect(a).not.toBe(b);
    expect(b.length).toBeLessThan(before.length);
    expect(b).toContain('whatever');
  });
});
