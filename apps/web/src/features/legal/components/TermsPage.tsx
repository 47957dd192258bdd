import { LegalPage, type LegalSection } from './LegalPage';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to Terms',
    body: (
      <p>
        By using Parley you agree to these Terms and Conditions. If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Description of Service',
    body: (
      <p>
        Parley is an AI conversation-practice service: you rehearse conversations with an AI role-play partner
        and receive coaching, scored feedback, XP, levels, streaks and badges. The service is in beta.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'User Accounts',
    body: (
      <ul>
        <li>You must be at least 13 years old to use Parley.</li>
        <li>You must provide accurate information and keep it up to date.</li>
        <li>You may not create multiple accounts or share your account with others.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <p>
        Do not use Parley for unlawful, harassing or abusive purposes, to attack or overload the service, or
        to extract its models or content.
      </p>
    ),
  },
  {
    id: 'ip',
    title: 'Intellectual Property',
    body: (
      <p>
        You keep ownership of your practice content. You grant us a licence to store and process it to provide
        and improve the service. The service itself, its scenarios and design remain ours.
      </p>
    ),
  },
  {
    id: 'payment',
    title: 'Payment Terms',
    body: (
      <p>
        Premium costs $8 per month, billed monthly in advance, and renews automatically until cancelled. A
        30-day money-back guarantee applies from your first payment. Pricing is not final while Parley is in
        beta.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Cancellation and Termination',
    body: (
      <p>
        You may cancel anytime; premium access continues to the end of the paid period. We may suspend or end
        accounts that break these terms.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        The service is provided “as is”. AI feedback is guidance, not professional advice, and may be
        inaccurate.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: <p>Our total liability is limited to the amounts you paid us in the 12 months before the claim.</p>,
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to indemnify us against claims arising from your misuse of the service or breach of these
        terms.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing Law and Arbitration',
    body: (
      <p>
        These terms are governed by the laws of [Jurisdiction]. Disputes are resolved by binding arbitration
        in [Location].
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to Terms',
    body: (
      <p>
        We may change these terms and will give notice by posting the new terms, by e-mail or by an
        in-platform notice.
      </p>
    ),
  },
  {
    id: 'misc',
    title: 'Miscellaneous',
    body: (
      <p>
        If a provision is unenforceable, the rest remains in effect. These terms are the entire agreement
        between you and us.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: <p>Questions about these terms? Reach us through the support page or at legal@parley.example.</p>,
  },
];

/** /terms — terms and conditions (spec section 2). */
export function TermsPage() {
  return <LegalPage title="Terms and Conditions" sections={TERMS_SECTIONS} />;
}
