import { LegalPage, type LegalSection } from './LegalPage';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'collect',
    title: 'Information We Collect',
    body: (
      <p>
        Your e-mail, name, profile preferences, settings, practice conversations, feedback and progress
        records.
      </p>
    ),
  },
  {
    id: 'use',
    title: 'How We Use Information',
    body: (
      <p>
        To run your practice sessions, generate coaching and feedback, track progress and improve the service.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: <p>Conversations are private and encrypted in transit and at rest.</p>,
  },
  {
    id: 'rights',
    title: 'Your Rights',
    body: (
      <p>You may access, correct, export or delete your data. We answer rights requests within 30 days.</p>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: <p>Account data is retained for 2 years after account deletion, then erased.</p>,
  },
  { id: 'children', title: 'Children', body: <p>Parley is not for children under 13.</p> },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: <p>We will post changes here and update the date above.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: <p>Questions? Reach us through the support page or at privacy@parley.example.</p>,
  },
];

/** /privacy — privacy policy (spec section 2). */
export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={PRIVACY_SECTIONS} />;
}
