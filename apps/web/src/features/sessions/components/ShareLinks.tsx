import type { ShareLink } from '@parley/contracts';
import { Button, ErrorText } from '@parley/web-ui';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../api/baseApi';
import {
  useCreateShareLinkMutation,
  useListShareLinksQuery,
  useRevokeShareLinkMutation,
} from '../sessionsApi';
import { longDate } from './presentation';
import './sessions.css';

/** How long 'Link copied!' stays (spec section 9: copied confirmation 1.5 s). */
export const COPIED_MS = 1500;

function LinkRow({
  link,
  copied,
  revoking,
  onCopy,
  onRevoke,
}: {
  link: ShareLink;
  copied: boolean;
  revoking: boolean;
  onCopy: (link: ShareLink, input: HTMLInputElement | null) => void;
  onRevoke: (link: ShareLink) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = `share-${link.token}`;
  return (
    <li className="pw-card share__link">
      <label className="pw-field" htmlFor={inputId}>
        Share link
      </label>
      <div className="share__link-row">
        <input
          ref={input}
          id={inputId}
          className="pw-input"
          type="url"
          value={link.url}
          readOnly
          aria-describedby={`${inputId}-expires`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => onCopy(link, input.current)}>
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
        <Button
          variant="secondary"
          className="sessions__delete"
          disabled={revoking}
          onClick={() => onRevoke(link)}
        >
          {revoking ? 'Revoking...' : 'Revoke link'}
        </Button>
      </div>
      <p id={`${inputId}-expires`} className="pw-muted share__expires">
        Anyone with this link can read the report until{' '}
        <time dateTime={link.expires_at}>{longDate(link.expires_at)}</time>.
      </p>
    </li>
  );
}

/**
 * The owner's read-only links to this session's report (issue 7, shareable reports): create, copy,
 * revoke. The report behind a link holds the transcript and feedback, nothing else of the owner.
 */
export function ShareLinks({ sessionId }: { sessionId: string }) {
  const { data: all, isLoading, isError, error: listError } = useListShareLinksQuery();
  const [create, { isLoading: creating }] = useCreateShareLinkMutation();
  const [revoke] = useRevokeShareLinkMutation();
  const [revoking, setRevoking] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const links = (all ?? []).filter((link) => link.session_id === sessionId);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function onCreate() {
    setError(null);
    setNotice('');
    try {
      await create({ session_id: sessionId }).unwrap();
      setNotice('Share link created.');
    } catch (cause) {
      setError(apiErrorMessage(cause));
    }
  }

  async function onCopy(link: ShareLink, input: HTMLInputElement | null) {
    setError(null);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link.url);
      setCopied(link.token);
      setNotice('Link copied to the clipboard.');
    } catch {
      input?.focus();
      input?.select();
      setError('Could not copy automatically: the link is selected, press Ctrl+C (or ⌘C) to copy it.');
    }
  }

  async function onRevoke(link: ShareLink) {
    setError(null);
    setNotice('');
    setRevoking(link.token);
    try {
      await revoke(link.token).unwrap();
      setNotice('Link revoked. It no longer opens the report.');
    } catch (cause) {
      setError(apiErrorMessage(cause));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <div className="share">
      <p className="pw-muted">
        Anyone with a link can read this report (the conversation and its feedback) without signing in. It
        shows nothing else about you. Revoke a link to close it.
      </p>
      <Button onClick={() => void onCreate()} disabled={creating}>
        {creating ? 'Creating link...' : 'Share report'}
      </Button>
      <p className="share__status" role="status" aria-live="polite">
        {notice}
      </p>
      <ErrorText>{error}</ErrorText>
      {isError ? <ErrorText>{apiErrorMessage(listError)}</ErrorText> : null}
      {!isLoading && links.length > 0 ? (
        <ul className="share__links" aria-label="Share links">
          {links.map((link) => (
            <LinkRow
              key={link.token}
              link={link}
              copied={copied === link.token}
              revoking={revoking === link.token}
              onCopy={(l, input) => void onCopy(l, input)}
              onRevoke={(l) => void onRevoke(l)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
