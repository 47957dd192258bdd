/** The words of two-factor sign-in: the log-in's code step and the Settings switch (ADR 0035). */
export const TWO_FACTOR_TEXTS = {
  title: 'Two-factor authentication',
  prompt: 'Enter the 6-digit code from your authenticator app.',
  codeLabel: 'Authentication code',
  recoveryHint: 'Lost your phone? Enter one of your recovery codes instead.',
  verify: 'Verify',
  verifying: 'Verifying...',
  otherAccount: 'Use another account',
  switchLabel: 'Two-factor authentication',
  enrolIntro:
    'Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: "Can't scan it? Enter this key instead:",
  enable: 'Turn on',
  cancel: 'Cancel',
  recoveryTitle: 'Save your recovery codes',
  recoveryIntro:
    'Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.',
  done: 'Done',
  disableIntro: 'Enter a code from your authenticator app to turn off two-factor authentication.',
  disable: 'Turn off',
  disabling: 'Turning off...',
  on: 'Two-factor authentication is on.',
} as const;
