import type { Components } from 'react-markdown';
import { Markdown } from '../../../lib/markdown/Markdown';
import { CHAT_TEXTS } from '../chatTexts';

/**
 * Links open in a new tab without handing it this page. Raw HTML in a message is never rendered as
 * HTML (no rehype-raw): react-markdown shows it as text, and unsafe URLs are dropped by its urlTransform.
 */
const components: Components = {
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  // The transcript's headings must not break the page's outline.
  h1: ({ node: _node, ...rest }) => <p className="chat-markdown__heading" {...rest} />,
  h2: ({ node: _node, ...rest }) => <p className="chat-markdown__heading" {...rest} />,
  h3: ({ node: _node, ...rest }) => <p className="chat-markdown__heading" {...rest} />,
  img: ({ node: _node, alt }) => <span>{alt ?? ''}</span>,
};

/** A message's content as markdown; anything that is not text shows '[Invalid message content]'. */
export function MarkdownContent({ content }: { content: unknown }) {
  if (typeof content !== 'string')
    return <p className="chat-markdown__invalid">{CHAT_TEXTS.invalidContent}</p>;
  return (
    <div className="chat-markdown">
      <Markdown components={components}>{content}</Markdown>
    </div>
  );
}
