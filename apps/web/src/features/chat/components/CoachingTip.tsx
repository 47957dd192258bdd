import type { InlineCoaching } from '@parley/contracts';
import { useEffect, useId, useState } from 'react';
import { CHAT_TEXTS, COPIED_CONFIRMATION_MS } from '../chatTexts';

const SECTIONS = [
  ['communicationAnalysis', CHAT_TEXTS.sectionTitles.communicationAnalysis],
  ['strategicImpact', CHAT_TEXTS.sectionTitles.strategicImpact],
  ['improvementOpportunity', CHAT_TEXTS.sectionTitles.improvementOpportunity],
  ['enhancedVersion', CHAT_TEXTS.sectionTitles.enhancedVersion],
] as const satisfies ReadonlyArray<readonly [keyof InlineCoaching, string]>;

type SectionKey = (typeof SECTIONS)[number][0];

function TipSection({ title, text }: { title: string; text: string }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <section className="coaching-tip__section">
      <h3 className="coaching-tip__section-title">
        <button
          type="button"
          className="coaching-tip__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className="coaching-tip__chevron">
            {open ? '▾' : '▸'}
          </span>
          <span>{title}</span>
        </button>
      </h3>
      <div id={bodyId} hidden={!open} className="coaching-tip__section-body">
        <p>{text}</p>
      </div>
    </section>
  );
}

/**
 * The inline coaching tip on a learner message (spec sections 2 and 4): four collapsible sections,
 * thumbs up/down kept on this screen only, and a copy of the enhanced version with 'Copied!' for 1.5 s.
 */
export function CoachingTip({ coaching }: { coaching: InlineCoaching }) {
  const [rating, setRating] = useState<'up' | 'down' | null>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(coaching.enhancedVersion);
      setCopyFailed(false);
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  }

  const toggleRating = (value: 'up' | 'down') => setRating((r) => (r === value ? null : value));
  return (
    <aside className="coaching-tip" aria-label="Coaching tip">
      {SECTIONS.map(([key, title]: readonly [SectionKey, string]) => (
        <TipSection key={key} title={title} text={coaching[key]} />
      ))}
      <div className="coaching-tip__actions">
        <div role="group" aria-label="Was this tip helpful?" className="coaching-tip__rating">
          <button
            type="button"
            className="coaching-tip__icon-button"
            aria-pressed={rating === 'up'}
            aria-label="Helpful"
            onClick={() => toggleRating('up')}
          >
            👍
          </button>
          <button
            type="button"
            className="coaching-tip__icon-button"
            aria-pressed={rating === 'down'}
            aria-label="Not helpful"
            onClick={() => toggleRating('down')}
          >
            👎
          </button>
        </div>
        <button type="button" className="coaching-tip__copy" onClick={() => void copy()}>
          Copy enhanced version
        </button>
        <span role="status" className="coaching-tip__copied">
          {copied ? 'Copied!' : copyFailed ? 'Copying is not available here.' : ''}
        </span>
      </div>
      <div className="coaching-tip__quick">
        <h3 className="coaching-tip__quick-title">Quick tips</h3>
        <ul>
          {CHAT_TEXTS.quickTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
