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

/** Said of a link whose address was shown when it was made: the server keeps only a hash of it. */
export const ADDRESS_SHOWN_ONCE =
  'Its address was shown when it was created and cannot be shown again. Revoke it and create a new link if you need the address.';

function LinkRow({
  link,
  url,
  copied,
  revoking,
  onCopy,
  onRevoke,
}: {
  link: ShareLink;
  /** The address, for a link created on this screen; the server never gives it again. */
  url: string | undefined;
  copied: boolean;
  revoking: boolean;
  onCopy: (link: ShareLink, url: string, input: HTMLInputElement | null) => void;
  onRevoke: (link: ShareLink) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = `share-${link.id}`;
  const revokeButton = (
    <Button
      variant="secondary"
      className="sessions__delete"
      disabled={revoking}
      onClick={() => onRevoke(link)}
    >
      {revoking ? 'Revoking...' : 'Revoke link'}
    </Button>
  );
  return (
    <li className="pw-card share__link">
      {url ? (
        <>
          <label className="pw-field" htmlFor={inputId}>
            Share link
          </label>
          <div className="share__link-row">
            <input
              ref={input}
              id={inputId}
              className="pw-input"
              type="url"
              value={url}
              readOnly
              aria-describedby={`${inputId}-expires`}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => onCopy(link, url, input.current)}>
              {copied ? 'Copied!' : 'Copy link'}
            </Button>
            {revokeButton}
          </div>
          <p className="pw-muted share__expires">Copy it now: it is shown only this once.</p>
        </>
      ) : (
        <div className="share__link-row">
          <p className="share__created">
            Link created <time dateTime={link.created_at}>{longDate(link.created_at)}</time>.{' '}
            <span className="pw-muted">{ADDRESS_SHOWN_ONCE}</span>
          </p>
          {revokeButton}
        </div>
      )}
      <p id={`${inputId}-expires`} className="pw-muted share__expires">
        Anyone with this link can read the report until{' '}
        <time dateTime={link.expires_at}>{longDate(link.expires_at)}</time>.
      </p>
    </li>
  );
}

/**
 * The owner's read-only links to this session's report (issue 7, shareable reports): create, copy,
 * revoke. The report behind a link holds the transcript and feedback, nothing else of the owner. The
 * server keeps only a hash of a link's token (issue 30), so its address is shown once, when it is created.
 */
export function ShareLinks({ sessionId }: { sessionId: string }) {
  const { data: all, isLoading, isError, error: listError } = useListShareLinksQuery();
  const [create, { isLoading: creating }] = useCreateShareLinkMutation();
  const [revoke] = useRevokeShareLinkMutation();
  const [revoking, setRevoking] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  /** Addresses of the links created on this screen, by link id. */
  const [urls, setUrls] = useState<Record<string, string>>({});
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
      const created = await create({ session_id: sessionId }).unwrap();
      setUrls((known) => ({ ...known, [created.id]: created.url }));
      setNotice('Share link created.');
    } catch (cause) {
      setError(apiErrorMessage(cause));
    }
  }

  async function onCopy(link: ShareLink, url: string, input: HTMLInputElement | null) {
    setError(null);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied(link.id);
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
    setRevoking(link.id);
    try {
      await revoke(link.id).unwrap();
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
              key={link.id}
              link={link}
              url={urls[link.id]}
              copied={copied === link.id}
              revoking={revoking === link.id}
              onCopy={(l, url, input) => void onCopy(l, url, input)}
              onRevoke={(l) => void onRevoke(l)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
