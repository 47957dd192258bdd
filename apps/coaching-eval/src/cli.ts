import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHAT_TONES, type ChatTone } from '@parley/contracts';
import {
  EVERY_RECOVERABLE_QUIRK,
  EVERY_SMALL_MODEL_QUIRK,
  SERVER_FAMILIES,
  startModelServerDouble,
  type ModelServerDouble,
  type ServerFamily,
} from '@parley/server-testing';
import { type AiProvider, BuiltinProvider, OpenAiProvider } from '../../coaching/src/providers';
import { loadCatalogue, pickScenarios } from './catalogue';
import { OWN_SCENARIOS } from './own-scenarios';
import { formatLineActs } from './line-acts';
import {
  behaviourFailures,
  behaviourTests,
  type ClaimGateTable,
  formatBehaviour,
  formatGate,
  gateFrom,
} from './behaviour';
import { loadSplit } from './corpus';
import { formatAgreement, labelAgreement } from './labelled';
import { formatToneBehaviour, toneBehaviour } from './tone-behaviour';
import { LEARNER_KINDS, type LearnerKind } from './learners';
import { formatConversation, formatFieldSources, formatTables, runEval, type Conversation } from './run-eval';

/**
 * npm run eval:coaching [-- --provider builtin|openai --base-url URL --model NAME --api-key KEY
 *                           --per-category N --tones friendly,neutral,tough --learners strong,vague
 *                           --scenario ID --dump DIR --retries N --retry-wait-ms MS --context-tokens N
 *                           --no-labelled] [--every-quirk | --small-model] [--double FAMILY]
 *                           [--behaviour-split test|dev] [--no-own] [--write-gate]
 *
 * --every-quirk (every recoverable server quirk and every small-model habit) or --small-model (the habits
 * only) runs the openai provider against the model-server double started in this process (as FAMILY
 * answers, ollama by default), so `npm run eval:coaching -- --provider openai --every-quirk` measures
 * what the learner gets from a small model on a difficult server. A double started by `npm run ai:double
 * -- --every-quirk` can be named with --base-url instead.
 *
 * Plays the scripted learners against the provider and prints pass rates per check, category, tone and
 * learner. It exits non-zero only when the run itself fails, so models can be compared with it.
 *
 * For the builtin provider it also measures every kind of claim of the ungated engine on the frozen test
 * split, and prints the gate that calls for; --write-gate writes that gate into the engine
 * (libs/builtin-coach/src/scorer/claim-gate.ts), the one decision the engine takes from the test split.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      provider: { type: 'string', default: 'builtin' },
      'base-url': { type: 'string' },
      model: { type: 'string', default: 'gpt-4o-mini' },
      'api-key': { type: 'string' },
      'per-category': { type: 'string', default: '2' },
      tones: { type: 'string' },
      learners: { type: 'string' },
      scenario: { type: 'string' },
      dump: { type: 'string' },
      timeout: { type: 'string', default: '120000' },
      retries: { type: 'string', default: '2' },
      'retry-wait-ms': { type: 'string', default: '10000' },
      'context-tokens': { type: 'string' },
      labelled: { type: 'boolean', default: true },
      'behaviour-split': { type: 'string', default: 'test' },
      own: { type: 'boolean', default: true },
      'write-gate': { type: 'boolean', default: false },
      'every-quirk': { type: 'boolean', default: false },
      'small-model': { type: 'boolean', default: false },
      double: { type: 'string' },
      // Set here, never on the command line: the double runs in this process.
      'local-double': { type: 'boolean', default: false },
    },
  });
  const double = await doubleFrom(values);
  if (double) {
    values.provider = 'openai';
    values['base-url'] = double.baseUrl;
    values['local-double'] = true;
    values.model = 'double-model';
  }
  const provider = providerFrom(values);
  const all = loadCatalogue();
  const scenarios = values.scenario
    ? [...all, ...OWN_SCENARIOS].filter((s) => s.id === values.scenario)
    : [...pickScenarios(all, Number(values['per-category'])), ...(values.own ? OWN_SCENARIOS : [])];
  if (scenarios.length === 0) throw new Error(`no scenario matches ${values.scenario ?? ''}`);
  const tones = listOf(values.tones, CHAT_TONES) as ChatTone[];
  const learners = listOf(values.learners, LEARNER_KINDS) as LearnerKind[];
  const total = scenarios.length * tones.length * learners.length;
  if (values.dump) mkdirSync(values.dump, { recursive: true });

  let done = 0;
  const started = performance.now();
  const result = await runEval({
    provider,
    scenarios,
    tones,
    learners,
    onConversation: (c: Conversation) => {
      done += 1;
      if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} conversations`);
      if (values.dump)
        writeFileSync(
          join(values.dump, `${c.scenario.id}.${c.tone}.${c.learner}.txt`),
          `${formatConversation(c)}\n`,
        );
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;

  const firsts = result.conversations.flatMap((c) => c.firstPieceMs).sort((a, b) => a - b);
  const feedbacks = result.conversations.map((c) => c.feedbackMs).sort((a, b) => a - b);
  const p = (xs: number[], q: number): string => (xs[Math.floor((xs.length - 1) * q)] ?? 0).toFixed(1);
  print(
    `provider ${provider.name}${provider.name === 'openai' ? ` (${values.model} at ${values['base-url'] ?? 'OpenAI'})` : ''}: ${scenarios.length} scenarios × ${tones.length} tones × ${learners.length} learners, ${result.conversations.length} conversations in ${seconds.toFixed(1)} s\n`,
  );
  print(formatTables(result));
  print(
    `\nlatency: first piece of a reply p50 ${p(firsts, 0.5)} ms, p95 ${p(firsts, 0.95)} ms; feedback p50 ${p(feedbacks, 0.5)} ms, p95 ${p(feedbacks, 0.95)} ms`,
  );
  print(`\n${formatToneBehaviour(toneBehaviour(result.conversations))}`);
  const errors = result.conversations.flatMap((c) =>
    c.errors.map((e) => `${c.scenario.id} ${c.tone} ${c.learner} ${e}`),
  );
  print(
    `\nprovider errors: ${errors.length}${errors.length ? `, e.g.\n  ${errors.slice(0, 5).join('\n  ')}` : ''}`,
  );
  print(formatFieldSources(result.sources));
  if (values.labelled) {
    const agreement = await labelAgreement(provider);
    print(`\n${formatAgreement(agreement)}`);
    const ms = [...agreement.feedbackMs].sort((a, b) => a - b);
    print(`feedback on the labelled transcripts p50 ${p(ms, 0.5)} ms, p95 ${p(ms, 0.95)} ms`);
    if (agreement.disagreements.length > 0)
      print(`  e.g. ${agreement.disagreements.slice(0, 5).join('\n       ')}`);
  }
  if (provider instanceof BuiltinProvider) {
    print(`\n${await formatLineActs(provider)}`);
    const split = values['behaviour-split'] === 'dev' ? 'dev' : 'test';
    const behaviour = await behaviourTests(provider, loadSplit(split), all);
    print(`\n${formatBehaviour(behaviour, split)}`);
    if (values.dump)
      writeFileSync(
        join(values.dump, `behaviour-failures.${split}.txt`),
        `${behaviourFailures(behaviour)}\n`,
      );
    const ungated = await behaviourTests(new BuiltinProvider({ ungated: true }), loadSplit('test'), all);
    const gate = gateFrom(ungated.claims);
    print(`\n${formatGate(ungated.claims, gate, provider.withheldClaims())}`);
    if (values['write-gate']) writeGate(gate);
  }
  if (provider instanceof OpenAiProvider) {
    const u = provider.usage;
    print(
      `\ntokens: ${u.promptTokens} prompt + ${u.completionTokens} completion over ${u.calls} calls (${u.calls ? Math.round((u.promptTokens + u.completionTokens) / u.calls) : 0} a call)`,
    );
  }
  if (result.orderFailures.length > 0)
    print(
      `\nscore order broken in ${result.orderFailures.length} pairs, e.g.\n  ${result.orderFailures.slice(0, 5).join('\n  ')}`,
    );
  const failed = result.conversations.flatMap((c) =>
    c.failures.map(
      (f) => `${c.scenario.id} ${c.tone} ${c.learner}${f.turn ? ` t${f.turn}` : ''} ${f.check}: ${f.detail}`,
    ),
  );
  if (failed.length > 0)
    print(`\nfirst failures (${failed.length} in all):\n  ${failed.slice(0, 15).join('\n  ')}`);
  await double?.close();
}

/** The model-server double with the asked quirks, started here when --every-quirk, --small-model or --double asks for one. */
async function doubleFrom(
  values: Record<string, string | boolean | undefined>,
): Promise<ModelServerDouble | undefined> {
  const every = values['every-quirk'] === true;
  const small = values['small-model'] === true;
  if (!every && !small && values.double === undefined) return undefined;
  if (values['base-url'] !== undefined)
    throw new Error(
      '--every-quirk, --small-model and --double start a double here: leave out --base-url (or start one with npm run ai:double -- --every-quirk)',
    );
  const family = (values.double ?? 'ollama') as ServerFamily;
  if (!SERVER_FAMILIES.includes(family))
    throw new Error(`unknown family "${family}" (one of ${SERVER_FAMILIES.join(', ')})`);
  const double = await startModelServerDouble(family, {
    ...(every ? EVERY_RECOVERABLE_QUIRK : {}),
    ...(every || small ? EVERY_SMALL_MODEL_QUIRK : {}),
    chunkDelayMs: 0,
  });
  print(
    `model-server double (${family}) at ${double.baseUrl} with ${every ? 'every recoverable quirk and every small-model habit' : small ? 'every small-model habit' : 'no quirk'}`,
  );
  return double;
}

function providerFrom(values: Record<string, string | boolean | undefined>): AiProvider {
  const name = String(values.provider);
  if (name === 'builtin') return new BuiltinProvider();
  if (name === 'openai')
    return new OpenAiProvider({
      baseURL: values['base-url'] as string | undefined,
      apiKey: (values['api-key'] as string | undefined) ?? process.env['OPENAI_API_KEY'],
      model: String(values.model),
      transcribeModel: 'whisper-1',
      timeoutMs: Number(values.timeout),
      retry: {
        maxRetries: Number(values.retries),
        maxWaitMs: Number(values['retry-wait-ms']),
        // The double in this process answers a retry at once: no backoff to wait out.
        ...(values['local-double'] ? { baseDelayMs: 1 } : {}),
      },
      ...(values['context-tokens'] ? { contextTokens: Number(values['context-tokens']) } : {}),
      // Retries, fallbacks and trims go to stderr, apart from the tables.
      log: (message) => process.stderr.write(`${message}\n`),
    });
  throw new Error(`unknown provider "${name}" (builtin or openai)`);
}

function listOf(value: string | undefined, all: readonly string[]): string[] {
  if (!value) return [...all];
  const picked = value.split(',').map((v) => v.trim());
  const unknown = picked.filter((v) => !all.includes(v));
  if (unknown.length > 0) throw new Error(`unknown: ${unknown.join(', ')} (one of ${all.join(', ')})`);
  return picked;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** The engine's table of withheld kinds (claim-gate.ts), rewritten to the measured gate. */
const GATE_FILE = 'libs/builtin-coach/src/scorer/claim-gate.ts';
function writeGate(gate: ClaimGateTable): void {
  const source = readFileSync(GATE_FILE, 'utf8');
  const table = Object.entries(gate)
    .map(([kind, m]) => `  '${kind}': { precision: ${m.precision}, said: ${m.said} },\n`)
    .join('');
  const next = source.replace(
    /(export const WITHHELD_CLAIMS[^=]*= \{\n)[\s\S]*?(\n?\};)/,
    (_, head: string) => `${head}${table}};`,
  );
  writeFileSync(GATE_FILE, next);
  print(`wrote the gate to ${GATE_FILE}`);
}
