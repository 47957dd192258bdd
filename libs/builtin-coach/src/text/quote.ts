/** Short quotations of the learner's words for feedback sentences. */

const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Cuts text to at most `max` characters at a word boundary. */
export function shorten(text: string, max = 70): string {
  const s = clean(text);
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, '')}…`;
}

/** “text”, shortened, without a closing full stop (the sentence around it has its own). */
export function q(text: string, max = 70): string {
  return `“${shorten(text, max).replace(/[.,;:]+$/, '')}”`;
}

/** Up to `words` words of the text starting at a character index. */
export function wordsFrom(text: string, index: number, words = 10): string {
  const rest = clean(text.slice(index)).split(' ');
  const part = rest
    .slice(0, words)
    .join(' ')
    .replace(/[,;:]+$/, '');
  return rest.length > words ? `${part}…` : part;
}

/** “a”, “b” and “c” */
export function quoteList(items: string[], limit = 3): string {
  const unique = [...new Set(items.map((i) => clean(i)).filter(Boolean))].slice(0, limit);
  const quoted = unique.map((i) => q(i, 40));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1] ?? ''}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
