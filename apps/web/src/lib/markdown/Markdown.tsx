import { lazy, Suspense } from 'react';
import type { Components } from 'react-markdown';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

/*
 * Most lines of a conversation are plain sentences; the markdown parser (react-markdown with micromark,
 * about 35 KB gzipped) is loaded only for a text that may hold markdown: emphasis, code, headings, quotes,
 * lists, links, tables, escapes, entities, HTML or hard breaks. Anything else renders as markdown would
 * render it: paragraphs split at blank lines, a single line break kept as a soft break. While the parser
 * loads, the text shows as plain paragraphs, so nothing waits on it.
 */
const MAY_HOLD_MARKDOWN =
  /[*_`#>[\]|~\\&<]|^ {0,3}(?:[-+]|\d{1,9}[.)])(?:\s|$)|^ {0,3}(?:=+|-+)\s*$|^(?: {4}|\t)| {2,}\n|https?:\/\//m;

export function mayHoldMarkdown(text: string): boolean {
  return MAY_HOLD_MARKDOWN.test(text);
}

function PlainParagraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trim())
        .join('\n'),
    )
    .filter((p) => p.length > 0);
  // Block elements separated by a line break, as the parser leaves them.
  return <>{paragraphs.flatMap((p, i) => (i === 0 ? [<p key={i}>{p}</p>] : ['\n', <p key={i}>{p}</p>]))}</>;
}

/** A message's text as markdown; the parser loads only when the text may need it. */
export function Markdown({
  children,
  components,
  skipHtml,
}: {
  children: string;
  components?: Components;
  skipHtml?: boolean;
}) {
  if (!mayHoldMarkdown(children)) return <PlainParagraphs text={children} />;
  return (
    <Suspense fallback={<PlainParagraphs text={children} />}>
      <MarkdownRenderer text={children} components={components} skipHtml={skipHtml} />
    </Suspense>
  );
}
