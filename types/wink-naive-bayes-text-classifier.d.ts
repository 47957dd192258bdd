declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    definePrepTasks(tasks: Array<(input: unknown) => unknown>): number;
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    learn(input: unknown, label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: unknown): Array<[string, number]>;
    predict(input: unknown): string;
    exportJSON(): string;
    importJSON(json: string): boolean;
    reset(): boolean;
  }
  function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
  export = naiveBayesTextClassifier;
}
