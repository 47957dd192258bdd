export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Every Parley e-mail is one link: plain text for every client, simple HTML with a button for the rest. */
function linkEmail(input: {
  subject: string;
  fullName: string | null;
  intro: string;
  button: string;
  url: string;
  validity: string;
  ignore: string;
}): RenderedEmail {
  const greeting = input.fullName ? `Hi ${input.fullName},` : 'Hi,';
  const text = [
    greeting,
    '',
    input.intro,
    '',
    input.url,
    '',
    `The link works for ${input.validity}. ${input.ignore}`,
    '',
    '— Parley',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.intro)}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:10px 18px;background:#6d4aff;color:#fff;border-radius:999px;text-decoration:none">${escapeHtml(input.button)}</a></p>
<p style="font-size:13px;color:#6b7280">Or open this link: ${escapeHtml(input.url)}<br>It works for ${escapeHtml(input.validity)}. ${escapeHtml(input.ignore)}</p>
</body></html>`;
  return { subject: input.subject, text, html };
}

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/** The "confirm your e-mail" message. */
export function confirmationEmail(input: {
  fullName: string | null;
  confirmUrl: string;
  validHours: number;
}): RenderedEmail {
  return linkEmail({
    subject: 'Confirm your Parley account',
    fullName: input.fullName,
    intro: 'Welcome to Parley. Confirm your e-mail address to activate your account:',
    button: 'Confirm my e-mail',
    url: input.confirmUrl,
    validity: `${input.validHours} hours`,
    ignore: 'If you did not sign up, ignore this e-mail.',
  });
}

/** The "reset your password" message: a single-use link that signs the person in to choose a new one. */
export function recoveryEmail(input: {
  fullName: string | null;
  resetUrl: string;
  validMinutes: number;
}): RenderedEmail {
  return linkEmail({
    subject: 'Reset your Parley password',
    fullName: input.fullName,
    intro: 'Someone asked to reset the password of your Parley account. Choose a new password here:',
    button: 'Choose a new password',
    url: input.resetUrl,
    validity:
      input.validMinutes % 60 === 0 ? hours(input.validMinutes / 60) : `${input.validMinutes} minutes`,
    ignore: 'It works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  });
}

/** The re-authentication code (`GET /auth/v1/reauthenticate`): typed into the app, never a link. */
export function reauthenticationEmail(input: {
  fullName: string | null;
  code: string;
  validMinutes: number;
}): RenderedEmail {
  const greeting = input.fullName ? `Hi ${input.fullName},` : 'Hi,';
  const intro = 'Enter this code in Parley to confirm it is you before you change your e-mail address:';
  const after = `The code works for ${input.validMinutes} minutes, once. If you did not ask for it, ignore this e-mail: nothing changes without it.`;
  const text = [greeting, '', intro, '', input.code, '', after, '', '— Parley'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:600">${escapeHtml(input.code)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(after)}</p>
</body></html>`;
  return { subject: 'Your Parley re-authentication code', text, html };
}

/** To the old address once an e-mail change took effect: the new address, and a link that undoes it. */
export function emailChangedEmail(input: {
  fullName: string | null;
  newEmail: string;
  undoUrl: string;
  validHours: number;
}): RenderedEmail {
  return linkEmail({
    subject: 'The e-mail address of your Parley account was changed',
    fullName: input.fullName,
    intro: `The e-mail address of your Parley account was changed to ${input.newEmail}. If that was not you, undo it here: the account gets this address back, every session is signed out, and you choose a new password.`,
    button: 'Undo the change',
    url: input.undoUrl,
    validity: hours(input.validHours),
    ignore: 'If you made the change yourself, ignore this e-mail.',
  });
}

/** The "confirm your new address" message, sent to the new address of an e-mail change. */
export function emailChangeEmail(input: {
  fullName: string | null;
  confirmUrl: string;
  validHours: number;
}): RenderedEmail {
  return linkEmail({
    subject: 'Confirm your new e-mail address for Parley',
    fullName: input.fullName,
    intro:
      'Confirm that this is the new e-mail address of your Parley account. Until you do, you sign in with the old one:',
    button: 'Confirm my new e-mail',
    url: input.confirmUrl,
    validity: hours(input.validHours),
    ignore: 'If you did not ask for this change, ignore this e-mail.',
  });
}
