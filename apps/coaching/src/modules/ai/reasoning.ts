/**
 * Reasoning models (DeepSeek-R1 distills, Qwen3, gpt-oss through some servers) write their thinking into
 * the answer as `<think>…</think>`; other servers put it in a separate `reasoning_content` / `reasoning`
 * field, which the provider never reads. Neither may reach the learner or the JSON parser.
 */

const OPEN_TAGS = ['<think>', '<thinking>', '<reasoning>'];
const CLOSE_TAGS = ['</think>', '</thinking>', '</reasoning>'];

/** A whole answer without its reasoning blocks (also an unclosed one, and one whose opening tag was in the prompt). */
export function stripReasoning(text: string): string {
  let out = text.replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, '');
  // A block that never closed: the answer was cut off while thinking.
  out = out.replace(/<(think|thinking|reasoning)>[\s\S]*$/i, '');
  // Some chat templates put the opening tag in the prompt: only the closing one is in the answer.
  const orphan = /<\/(think|thinking|reasoning)>/i.exec(out);
  if (orphan) out = out.slice(orphan.index + orphan[0].length);
  return out.trim();
}

/** The longest end of `text` that is the start of one of `tags` (it may be completed by the next piece). */
function partialTagAtEnd(text: string, tags: string[]): number {
  const lower = text.toLowerCase();
  let longest = 0;
  for (const tag of tags) {
    for (let n = Math.min(tag.length - 1, lower.length); n > longest; n -= 1) {
      if (lower.endsWith(tag.slice(0, n))) {
        longest = n;
        break;
      }
    }
  }
  return longest;
}

function firstTag(text: string, tags: string[]): { at: number; length: number } | undefined {
  const lower = text.toLowerCase();
  let found: { at: number; length: number } | undefined;
  for (const tag of tags) {
    const at = lower.indexOf(tag);
    if (at >= 0 && (found === undefined || at < found.at)) found = { at, length: tag.length };
  }
  return found;
}

/** Whether a whole answer shows a closing tag with no opening one: the model's chat template opened it. */
export function templateOpensReasoning(text: string): boolean {
  const withoutBlocks = text.replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, '');
  return /<\/(think|thinking|reasoning)>/i.test(withoutBlocks);
}

/**
 * The same for a streamed answer, piece by piece: a tag may be split across pieces (`<th` + `ink>`), so a
 * piece that ends in what could be the start of a tag is held back until the next piece decides.
 *
 * Some chat templates (Qwen3 and DeepSeek-R1 distills through llama.cpp or vLLM without a reasoning
 * parser) write the opening `<think>` into the prompt, so the answer starts with the thinking itself and
 * only `</think>` shows. With `opened` the filter knows this: it holds everything back until the closing
 * tag and lets through only what follows; a stream that ends without one never thought, and everything
 * held is the answer. Without `opened`, an orphan closing tag is reported by `sawOrphanClose`: what came
 * before it was thinking that has already been let through, and the caller ends that reply.
 */
export class ReasoningFilter {
  private inside: boolean;
  private held = '';
  /** In `opened` mode, what came before the first closing tag: thinking, unless no closing tag comes. */
  private beforeFirstClose: string | undefined;
  /** Nothing visible has been let through yet: leading whitespace (often left after a block) is dropped. */
  private atStart = true;
  private orphan = false;

  constructor(options: { opened?: boolean } = {}) {
    this.inside = options.opened === true;
    if (this.inside) this.beforeFirstClose = '';
  }

  /** What of `piece` the learner may see now (possibly ''). */
  push(piece: string): string {
    let text = this.held + piece;
    this.held = '';
    let out = '';
    for (;;) {
      if (this.inside) {
        const close = firstTag(text, CLOSE_TAGS);
        if (!close) {
          const keep = partialTagAtEnd(text, CLOSE_TAGS);
          if (this.beforeFirstClose !== undefined)
            this.beforeFirstClose += keep > 0 ? text.slice(0, -keep) : text;
          this.held = keep > 0 ? text.slice(-keep) : '';
          break;
        }
        this.inside = false;
        this.beforeFirstClose = undefined;
        text = text.slice(close.at + close.length);
        continue;
      }
      const open = firstTag(text, OPEN_TAGS);
      const close = firstTag(text, CLOSE_TAGS);
      if (close && (!open || close.at < open.at)) {
        // A closing tag with no opening one: the template opened the block, and its thinking is out.
        this.orphan = true;
        out += text.slice(0, close.at);
        text = text.slice(close.at + close.length);
        continue;
      }
      if (open) {
        out += text.slice(0, open.at);
        this.inside = true;
        text = text.slice(open.at + open.length);
        continue;
      }
      const keep = partialTagAtEnd(text, [...OPEN_TAGS, ...CLOSE_TAGS]);
      out += keep > 0 ? text.slice(0, -keep) : text;
      this.held = keep > 0 ? text.slice(-keep) : '';
      break;
    }
    return this.visible(out);
  }

  /** The stream ended: what was held back, unless it was inside a block that was thinking. */
  end(): string {
    let rest = this.inside ? '' : this.held;
    // `opened`, and no closing tag came: the model did not think, and all of it is the answer.
    if (this.beforeFirstClose !== undefined) rest = this.beforeFirstClose + this.held;
    this.held = '';
    this.beforeFirstClose = undefined;
    this.inside = false;
    return this.visible(rest);
  }

  /** Whether the stream is inside a reasoning block now (its end would be a cut-off while thinking). */
  get thinking(): boolean {
    return this.inside && this.beforeFirstClose === undefined;
  }

  /** A closing tag came with no opening one, after thinking that was let through as if it were the answer. */
  get sawOrphanClose(): boolean {
    return this.orphan;
  }

  private visible(text: string): string {
    if (!this.atStart) return text;
    const trimmed = text.replace(/^\s+/, '');
    if (trimmed) this.atStart = false;
    return trimmed;
  }
}
