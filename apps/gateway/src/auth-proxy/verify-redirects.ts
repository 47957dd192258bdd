import type { AuthSession } from '@parley/contracts';

/**
 * Where a confirmation link may land. Only inside PUBLIC_URL (no open redirect); the session travels in
 * the URL fragment, which browsers never send to a server, as Supabase's implicit flow does.
 */
export class VerifyRedirects {
  private readonly origin: string;

  constructor(private readonly publicUrl: string) {
    this.origin = new URL(publicUrl).origin;
  }

  /**
   * The requested place when it is inside PUBLIC_URL, else the page for the link's kind: the new-password
   * page for a recovery or undo link, /auth/callback for the others.
   */
  target(requested: string | undefined, type: string = 'signup'): string {
    const fallback = new URL(
      type === 'recovery' || type === 'email_change_undo' ? '/auth/reset-password' : '/auth/callback',
      this.publicUrl,
    ).toString();
    if (!requested) return fallback;
    try {
      const url = new URL(requested, this.origin);
      return url.origin === this.origin ? url.toString().split('#')[0]! : fallback;
    } catch {
      return fallback;
    }
  }

  withSession(target: string, session: AuthSession, type: string): string {
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    });
    return `${target}#${fragment.toString()}`;
  }

  withError(target: string, description: string): string {
    const fragment = new URLSearchParams({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: description,
    });
    return `${target}#${fragment.toString()}`;
  }
}
