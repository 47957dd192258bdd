import type { ReactNode } from 'react';
import { PublicPage } from '../../site/PublicPage';

export const LAST_UPDATED = 'June 14, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Static legal text with a table of contents; both pages were last updated June 14, 2025. */
export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <PublicPage title={title} lead={`Last updated: ${LAST_UPDATED}`}>
      <nav aria-label="Contents" className="pw-card">
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, index) => (
        <section key={s.id} id={s.id} style={{ scrollMarginTop: '6rem' }}>
          <h2>
            {index + 1}. {s.title}
          </h2>
          {s.body}
        </section>
      ))}
    </PublicPage>
  );
}
