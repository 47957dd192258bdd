import type { BuiltinProvider } from '../../coaching/src/providers';
import { formatActScores, frozenTestHash, loadSplit, scoreActs, testSplitHash } from './corpus';

/**
 * How well the builtin engine reads what a learner's line does, against the labels people gave the
 * corpus: precision and recall per act on dev (where its thresholds are set) and on the frozen test split.
 */
export async function formatLineActs(provider: BuiltinProvider): Promise<string> {
  const read = (text: string): Promise<string[]> => provider.lineActs(text);
  const dev = loadSplit('dev');
  const test = loadSplit('test');
  const frozen = testSplitHash() === frozenTestHash();
  return [
    formatActScores(
      `what a learner's line does, dev split (${dev.length} lines)`,
      await scoreActs(dev, read),
    ),
    '',
    formatActScores(
      `what a learner's line does, frozen test split (${test.length} lines${frozen ? '' : ', CHANGED since it was frozen'})`,
      await scoreActs(test, read),
    ),
  ].join('\n');
}
