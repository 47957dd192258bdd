import type { InlineCoaching } from '@parley/contracts';
import { asRecord, listFrom, pick } from './lenient-reading';

/**
 * The inline tip's four sections from a model's answer, read leniently (keys in other cases or languages,
 * a section written as a list, Markdown and labels around the text) and checked strictly: each section is
 * present and not empty. The enhanced version is the learner's own message rewritten, so it is trimmed to
 * that voice: no "You:" label, no quotes around it, no stage directions.
 */

export const TIP_SECTIONS = [
  'communicationAnalysis',
  'strategicImpact',
  'improvementOpportunity',
  'enhancedVersion',
] as const;
type Section = (typeof TIP_SECTIONS)[number];

const LABELS =
  /^\s*(?:\*\*|__|#+\s*)?(?:communication analysis|strategic impact|improvement opportunity|enhanced version|improved version|learner|you|me|user|rewrite)(?:\*\*|__)?\s*:(?:\*\*|__)?\s*/i;

function plain(text: string, section: Section): string {
  let t = text.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/^\s*#+\s*/gm, '');
  for (let label = LABELS.exec(t); label; label = LABELS.exec(t)) t = t.slice(label[0].length);
  if (section === 'enhancedVersion') {
    t = t
      .replace(/\*[^*]*\*/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .trim();
    const wrapped = /^["“]([\s\S]*)["”]$/.exec(t);
    if (wrapped?.[1] && !/["“”]/.test(wrapped[1])) t = wrapped[1];
  }
  return t.replace(/[ \t]+/g, ' ').trim();
}

export interface TipReading {
  sections: Partial<InlineCoaching>;
  problems: string[];
}

export function readTipLeniently(value: unknown): TipReading {
  const answer = asRecord(value);
  if (!answer) return { sections: {}, problems: ['the answer is not a JSON object'] };
  const sections: Partial<InlineCoaching> = {};
  const problems: string[] = [];
  for (const section of TIP_SECTIONS) {
    const picked = pick(answer, section);
    const raw = typeof picked?.value === 'string' ? picked.value : listFrom(picked?.value)?.items.join(' ');
    const text = raw === undefined ? '' : plain(raw, section);
    if (text) sections[section] = text;
    else problems.push(`${section} must be a non-empty string`);
  }
  return { sections, problems };
}

/** The tip when every section could be read; otherwise an Error naming what to fix (the repair turn's text). */
export function readTip(value: unknown): InlineCoaching {
  const { sections, problems } = readTipLeniently(value);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return sections as InlineCoaching;
}

/** The tip from the readings (the latest reading of each section winning), the builtin coach's for any section none has. */
export function completeTip(readings: readonly TipReading[], builtin: () => InlineCoaching): InlineCoaching {
  let fallback: InlineCoaching | undefined;
  const tip = {} as InlineCoaching;
  for (const section of TIP_SECTIONS)
    tip[section] =
      [...readings].reverse().find((r) => r.sections[section])?.sections[section] ??
      (fallback ??= builtin())[section];
  return tip;
}
