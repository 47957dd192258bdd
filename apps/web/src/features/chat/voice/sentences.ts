const END = /([.!?…]+["'”’)]*)(\s+)|\n+/g;
const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st)\.$/i;

/**
 * Splits a reply that arrives piece by piece into sentences, each handed on as soon as it is complete,
 * so the partner starts speaking after its first sentence rather than its last. A sentence ends at
 * . ! ? or … followed by a space (not after "e.g." or "Dr."), or at a line break.
 */
export class SentenceSplitter {
  private buffer = '';

  /** The sentences `piece` completes. */
  push(piece: string): string[] {
    this.buffer += piece;
    const out: string[] = [];
    let from = 0;
    END.lastIndex = 0;
    for (let match = END.exec(this.buffer); match; match = END.exec(this.buffer)) {
      const end = match.index + (match[1]?.length ?? 0);
      if (match[1] && ABBREVIATION.test(this.buffer.slice(from, end))) continue;
      const sentence = clean(this.buffer.slice(from, end));
      if (sentence) out.push(sentence);
      from = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(from);
    return out;
  }

  /** What is left once the reply is complete. */
  flush(): string[] {
    const rest = clean(this.buffer);
    this.buffer = '';
    return rest ? [rest] : [];
  }
}

/** Markdown marks are not read out: `**bold**` sounds like "bold". */
function clean(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
