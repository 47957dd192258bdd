/**
 * The name a speaker gives for themselves ("I'm Priya", "my name is Tom", "this is Dana from billing"),
 * if the text introduces them. Words that follow "I'm" without being a name ("I'm Sorry", "I'm Glad")
 * are not one. Partner and scorer read an introduction the same way: the partner meets the name, the
 * scorer does not take it for a position.
 */
export function selfIntroduction(text: string): string | null {
  // "I am Arjun's father" and "I'm Edward Banda's daughter" name someone else: a name followed by "'s" is
  // the other person's. The speaker's own may follow ("I'm Edward Banda's daughter, Grace").
  const whose =
    /\b(?:[Ii]'?m|[Ii] am)\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*['\u2019]s\s+[a-z-]+,\s+([A-Z][a-z]{1,20})\b/.exec(
      text,
    )?.[1];
  const named =
    whose ??
    /\b(?:[Ii]'?m|[Ii] am|[Mm]y name is|[Tt]his is|[Cc]all me)\s+([A-Z][a-z]{1,20})\b(?!(?:\s+[A-Z][a-z]+)*['\u2019]s?\b)/.exec(
      text,
    )?.[1];
  return named && !NOT_NAMES.test(named) ? named : null;
}

const NOT_NAMES =
  /^(?:Sorry|Really|So|Just|Not|Here|Calling|Glad|Happy|Afraid|Sure|Very|Also|Still|Only|Going|Looking|Trying|Worried|Concerned)$/;
