import { Button, buttonClassName } from '@parley/web-ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { alertUser } from '../../../lib/browser';
import { PublicPage } from '../../site/PublicPage';
import { EMAIL_RESPONSE_HOURS, LIVE_CHAT_HOURS, PRIORITY_EMAIL_HOURS } from '../../site/supportFacts';
import './SupportPage.css';

export const SUPPORT_THANKS = "Thank you! We'll get back to you within 24 hours.";
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
type Priority = (typeof PRIORITIES)[number];

const EMPTY = { name: '', email: '', subject: '', message: '', priority: 'normal' as Priority };

/** /support — contact form, contact options, priority support, system status, quick tips. */
export function SupportPage() {
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    alertUser(SUPPORT_THANKS);
    setForm(EMPTY);
  };

  return (
    <PublicPage title="Support" lead="We usually answer within 24 hours.">
      <div className="support">
        <form className="pw-card" onSubmit={onSubmit} aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact us</h2>
          <label className="pw-field">
            Name
            <input className="pw-input" name="name" required value={form.name} onChange={set('name')} />
          </label>
          <label className="pw-field">
            Email
            <input
              className="pw-input"
              name="email"
              type="email"
              required
              value={form.email}
              onChange={set('email')}
            />
          </label>
          <label className="pw-field">
            Subject
            <input
              className="pw-input"
              name="subject"
              required
              value={form.subject}
              onChange={set('subject')}
            />
          </label>
          <label className="pw-field">
            Priority
            <select className="pw-input" name="priority" value={form.priority} onChange={set('priority')}>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p.charAt(0).toUpperCase() + p.slice(1)}
                </option>
              ))}
            </select>
          </label>
          <label className="pw-field">
            Message
            <textarea
              className="pw-input"
              name="message"
              rows={6}
              required
              value={form.message}
              onChange={set('message')}
            />
          </label>
          <Button type="submit">Send Message</Button>
        </form>

        <div className="support__aside">
          <section className="pw-card" aria-labelledby="options-heading">
            <h2 id="options-heading">Contact options</h2>
            <ul className="support__list">
              <li>
                <strong>E-mail</strong>: <a href="mailto:support@parley.example">support@parley.example</a>{' '}
                (average response {EMAIL_RESPONSE_HOURS} hours)
              </li>
              <li>
                <strong>Live chat</strong> <span className="support__tag">Premium</span>: {LIVE_CHAT_HOURS}
              </li>
              <li>
                <strong>Community forum</strong>: ask other learners and share tips
              </li>
            </ul>
          </section>
          <section className="pw-card" aria-labelledby="priority-heading">
            <h2 id="priority-heading">Priority support</h2>
            <p>
              Premium members get e-mail answers within {PRIORITY_EMAIL_HOURS} hours and live chat (
              {LIVE_CHAT_HOURS}).
            </p>
            <Link to="/upgrade" className={buttonClassName('secondary')}>
              Upgrade to Premium
            </Link>
          </section>
          <section className="pw-card" aria-labelledby="status-heading">
            <h2 id="status-heading">System status</h2>
            <ul className="support__list">
              {['AI conversations', 'Feedback and scoring', 'Speech analysis', 'Website'].map((s) => (
                <li key={s}>
                  <span className="support__dot" aria-hidden="true" /> {s}: Operational
                </li>
              ))}
            </ul>
            <p className="pw-muted">All systems operational.</p>
          </section>
          <section className="pw-card" aria-labelledby="tips-heading">
            <h2 id="tips-heading">Quick tips</h2>
            <ul>
              <li>Refresh the page if a session does not load.</li>
              <li>Allow microphone access for voice input.</li>
              <li>A 1 Mbps connection is recommended.</li>
            </ul>
          </section>
        </div>
      </div>
    </PublicPage>
  );
}
