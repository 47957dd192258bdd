import Markdown, { type Components } from 'react-markdown';

/** react-markdown, in a chunk of its own: loaded only when a message holds markdown (./Markdown.tsx). */
export default function MarkdownRenderer({
  text,
  components,
  skipHtml,
}: {
  text: string;
  components?: Components;
  skipHtml?: boolean;
}) {
  return (
    <Markdown components={components} skipHtml={skipHtml}>
      {text}
    </Markdown>
  );
}
