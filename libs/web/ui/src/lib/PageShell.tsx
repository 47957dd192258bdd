import { useId, type ReactNode } from 'react';

export interface PageShellProps {
  /** The screen's name, rendered as its one level-1 heading. */
  title: ReactNode;
  /** Optional small label shown above the heading. */
  eyebrow?: ReactNode;
  /** Optional short text under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The main landmark of a screen, labelled by its heading. */
export function PageShell({ title, eyebrow, lead, children, className }: PageShellProps) {
  const headingId = useId();
  return (
    <main className={['pw-page', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      {eyebrow ? <p className="pw-page__eyebrow">{eyebrow}</p> : null}
      <h1 id={headingId} className="pw-page__title">
        {title}
      </h1>
      {lead ? <p className="pw-page__lead">{lead}</p> : null}
      {children}
    </main>
  );
}
