/** Every public route of the spec's table, with the level-1 heading its screen shows. */
export const PUBLIC_ROUTES: ReadonlyArray<[path: string, heading: string, shot: string]> = [
  ['/', 'Transform Conversations with AI', 'public-landing'],
  ['/features', 'Features', 'public-features'],
  ['/pricing', 'Pricing', 'public-pricing'],
  ['/docs', 'Documentation', 'public-docs'],
  ['/support', 'Support', 'public-support'],
  ['/privacy', 'Privacy Policy', 'public-privacy'],
  ['/terms', 'Terms and Conditions', 'public-terms'],
  ['/auth', 'Log In', 'public-auth'],
  ['/no-such-page', 'Oops! Lost in Cyberspace', 'public-not-found'],
];
