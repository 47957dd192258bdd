import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicPage } from '../../site/PublicPage';
import './DocsPage.css';

interface DocSection {
  id: string;
  title: string;
  subsections: Array<{ id: string; title: string; body: ReactNode }>;
}

export const DOC_SECTIONS: DocSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    subsections: [
      {
        id: 'create-account',
        title: 'Create an account',
        body: 'Register with your e-mail and a password, then confirm through the link we e-mail you.',
      },
      {
        id: 'onboarding',
        title: 'Onboarding',
        body: 'Tell us your communication goals, the AI tone you prefer (friendly, neutral or tough), your experience level, avatar tone and language.',
      },
      {
        id: 'first-session',
        title: 'Your first session',
        body: 'From the dashboard, start the Scenario of the Day or browse the library.',
      },
    ],
  },
  {
    id: 'features',
    title: 'Features',
    subsections: [
      {
        id: 'chat',
        title: 'Chat sessions',
        body: 'Talk with the AI by typing or speaking; AI messages can be read aloud.',
      },
      { id: 'coaching', title: 'Inline coaching', body: 'Ask for a coaching tip on any of your messages.' },
      { id: 'export', title: 'Export', body: 'Export any transcript as a PDF.' },
    ],
  },
  {
    id: 'scenarios',
    title: 'Scenarios',
    subsections: [
      {
        id: 'library',
        title: 'The library',
        body: 'Search by title, description or tag, and filter by tag.',
      },
      { id: 'difficulty', title: 'Difficulty', body: 'Scenarios are Beginner, Intermediate or Advanced.' },
    ],
  },
  {
    id: 'gamification',
    title: 'Gamification',
    subsections: [
      {
        id: 'xp',
        title: 'XP and levels',
        body: 'Completing a session earns 50 XP, a daily login streak 10 XP, a daily challenge 100 XP and a new scenario 25 XP.',
      },
      {
        id: 'streaks',
        title: 'Streaks and badges',
        body: 'Streak milestones are 7, 30 and 100 days. Badges include first session, 100 sessions and 30-day streak.',
      },
    ],
  },
  {
    id: 'premium',
    title: 'Premium',
    subsections: [
      {
        id: 'plans',
        title: 'Plans',
        body: (
          <>
            Free includes 5 sessions per month. Premium is $8/month with unlimited sessions and 200+
            scenarios. <Link to="/upgrade">See the upgrade options</Link>.
          </>
        ),
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    subsections: [
      {
        id: 'limit',
        title: 'Session limit reached',
        body: (
          <>
            The free plan allows 5 sessions per month. <Link to="/upgrade">Upgrade</Link> or wait for the
            monthly reset.
          </>
        ),
      },
      {
        id: 'connection',
        title: 'Connection lost',
        body: 'Your progress is kept; resume with Continue Practice on the dashboard.',
      },
      {
        id: 'loading',
        title: 'Sessions not loading',
        body: 'Refresh the page, clear the cache, disable ad blockers or try another browser. A 1 Mbps connection is recommended.',
      },
      { id: 'speech', title: 'Speech issues', body: 'Check audio permissions, volume and browser support.' },
    ],
  },
  {
    id: 'faq',
    title: 'FAQ',
    subsections: [
      {
        id: 'privacy',
        title: 'Are my conversations private?',
        body: 'Yes. Conversations are private and encrypted.',
      },
      {
        id: 'billing',
        title: 'How does billing work?',
        body: (
          <>
            Premium is billed monthly in advance and can be cancelled anytime.{' '}
            <Link to="/upgrade">Upgrade</Link>.
          </>
        ),
      },
    ],
  },
];

/** /docs — sidebar of expandable sections with anchors; getting-started active and expanded at first. */
export function DocsPage() {
  const [active, setActive] = useState('getting-started');
  const [expanded, setExpanded] = useState<string[]>(['getting-started']);

  const select = (id: string) => {
    setActive(id);
    setExpanded((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  };

  const section = DOC_SECTIONS.find((s) => s.id === active) ?? DOC_SECTIONS[0]!;

  return (
    <PublicPage title="Documentation" lead="How to get the most out of Parley.">
      <div className="docs">
        <nav className="docs__sidebar" aria-label="Documentation sections">
          <ul>
            {DOC_SECTIONS.map((s) => {
              const isOpen = expanded.includes(s.id);
              return (
                <li key={s.id}>
                  <button
                    type="button"
                    className="docs__section-button"
                    aria-expanded={isOpen}
                    aria-current={s.id === active ? 'true' : undefined}
                    aria-controls={`docs-nav-${s.id}`}
                    onClick={() => select(s.id)}
                  >
                    {s.title}
                  </button>
                  <ul id={`docs-nav-${s.id}`} hidden={!isOpen} className="docs__anchors">
                    {s.subsections.map((sub) => (
                      <li key={sub.id}>
                        <a href={`#${s.id}-${sub.id}`} onClick={() => setActive(s.id)}>
                          {sub.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <article className="docs__content" aria-labelledby={`docs-${section.id}`}>
          <h2 id={`docs-${section.id}`}>{section.title}</h2>
          {section.subsections.map((sub) => (
            <section key={sub.id} id={`${section.id}-${sub.id}`}>
              <h3>{sub.title}</h3>
              <p>{sub.body}</p>
            </section>
          ))}
        </article>
      </div>
    </PublicPage>
  );
}
