import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The eval can only fail where it shares nothing with the engine. This finds what they share: every
 * string, template or regex literal of 20 characters or more found on both sides, and every scripted
 * learner line (or a 20-character run of one, between its {slots}) found anywhere in the engine's source,
 * comments included.
 */

export interface SourceFile {
  path: string;
  text: string;
}

export interface Leak {
  kind: 'shared-literal' | 'scripted-line';
  literal: string;
  /** Where it was found on each side. */
  eval?: string;
  engine: string;
}

export const MIN_LITERAL = 20;

/** Straight quotes, one space, lower case: a copy should not hide behind typography. */
const plain = (s: string): string =>
  s
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The literals of a TypeScript file: strings, template pieces and regex bodies, as written. */
export function literalsOf(file: SourceFile): string[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      found.push(node.text);
    else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const raw = node.getText(source);
      found.push(raw.slice(1, raw.lastIndexOf('/')));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Import paths are not content.
  return found.filter((s) => s.length >= MIN_LITERAL && !/^\.{0,2}\/[\w./-]+$/.test(s));
}

/** Lines of the scripted learners: every string in `scripts` written as a learner's turn. */
export function scriptedFragments(line: string): string[] {
  return line
    .split(/\{\w+\}/)
    .map((part) => part.trim())
    .filter((part) => part.length >= MIN_LITERAL);
}

/** Every run of MIN_LITERAL characters of a literal, made plain. */
function windowsOf(literal: string): string[] {
  const text = plain(literal);
  const out: string[] = [];
  for (let i = 0; i + MIN_LITERAL <= text.length; i += 1) out.push(text.slice(i, i + MIN_LITERAL));
  return out;
}

export function findLeaks(engine: SourceFile[], evaluation: SourceFile[], scriptedLines: string[]): Leak[] {
  const leaks: Leak[] = [];
  const engineText = engine.map((f) => ({ path: f.path, text: plain(f.text) }));
  const seen = new Set<string>();
  const note = (leak: Leak): void => {
    const key = `${leak.kind}:${plain(leak.literal)}`;
    if (seen.has(key)) return;
    seen.add(key);
    leaks.push(leak);
  };
  // A copy made "almost word for word" still shares a run: every 20-character window of every engine
  // literal is indexed, and an eval literal leaks when any window of it is found there.
  const windows = new Map<string, { literal: string; path: string }>();
  for (const file of engine)
    for (const literal of literalsOf(file))
      for (const w of windowsOf(literal)) if (!windows.has(w)) windows.set(w, { literal, path: file.path });
  for (const file of evaluation) {
    for (const literal of literalsOf(file)) {
      const shared = windowsOf(literal).find((w) => windows.has(w));
      const hit = shared === undefined ? undefined : windows.get(shared);
      if (hit)
        note({
          kind: 'shared-literal',
          literal: `${literal} ~ ${hit.literal}`,
          eval: file.path,
          engine: hit.path,
        });
    }
  }
  for (const line of scriptedLines) {
    for (const fragment of scriptedFragments(line)) {
      const hit = engineText.find((f) => f.text.includes(plain(fragment)));
      if (hit) note({ kind: 'scripted-line', literal: fragment, engine: hit.path });
    }
  }
  return leaks;
}

/** The TypeScript sources under `dir`, tests left out (a test may quote what it tests). */
export function sourcesUnder(
  root: string,
  dir: string,
  skip: (path: string) => boolean = () => false,
): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (at: string): void => {
    for (const name of readdirSync(at).sort()) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ts$/.test(name) && !/\.(spec|integration-spec)\.ts$/.test(name)) {
        const path = relative(root, full);
        if (!skip(path)) out.push({ path, text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(join(root, dir));
  return out;
}

/** One line per leak, stable across runs: what kind, where in the engine, and the literal. */
export function leakKey(leak: Leak): string {
  return `${leak.kind} in ${leak.engine}: ${leak.literal}`;
}
