import type { AuthSession } from '@parley/contracts';

/**
 * Where a confirmation link may land. Only inside PUBLIC_URL (no open redirect); the session travels in
 * the URL fragment, which browsers never send to a server, as Supabase's implicit flow does.
 */
export class VerifyRedirects {
  private readonly origin: string;
  private readonly fallback: string;

  constructor(publicUrl: string) {
    this.origin = new URL(publicUrl).origin;
    this.fallback = new URL('/auth/callback', publicUrl).toString();
  }

  target(requested: string | undefined): string {
    if (!requested) return this.fallback;
    try {
      const url = new URL(requested, this.origin);
      return url.origin === this.origin ? url.toString().split('#')[0]! : this.fallback;
    } catch {
      return this.fallback;
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
