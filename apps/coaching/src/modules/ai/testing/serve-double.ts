import { parseArgs } from 'node:util';
import {
  EVERY_RECOVERABLE_QUIRK,
  EVERY_SMALL_MODEL_QUIRK,
  SERVER_FAMILIES,
  startModelServerDouble,
  type Quirks,
  type ServerFamily,
} from '@parley/server-testing';

/**
 * The model-server double as a standalone server, to point the eval, a bench or a running coaching at:
 *
 *   npm run ai:double -- --family ollama --port 11434 [--every-quirk] [--small-model] [--quirks thinkInline,jsonSchema=refused]
 *   npm run eval:coaching -- --provider openai --base-url http://127.0.0.1:11434/v1 --model double-model
 *
 * --every-quirk turns on every recoverable server quirk and every small-model habit; --small-model only
 * the habits (empty evidence, score strings, stage directions…). --quirks takes `name` (true) or
 * `name=value` pairs of `Quirks`; failFirst takes `429+503`.
 * Prints `listening <base URL>` once it accepts connections; Ctrl-C stops it.
 */
function quirksFrom(list: string | undefined): Quirks {
  const quirks: Record<string, unknown> = {};
  for (const item of (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key = '', value] = item.split('=');
    if (value === undefined) quirks[key] = true;
    else if (key === 'failFirst') quirks[key] = value.split('+');
    else if (/^\d+(\.\d+)?$|^Infinity$/.test(value) && key !== 'retryAfter') quirks[key] = Number(value);
    else if (value === 'true' || value === 'false') quirks[key] = value === 'true';
    else if (value === 'null') quirks[key] = null;
    else quirks[key] = value;
  }
  return quirks as Quirks;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      family: { type: 'string', default: 'ollama' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      quirks: { type: 'string' },
      'every-quirk': { type: 'boolean', default: false },
      'small-model': { type: 'boolean', default: false },
      'chunk-delay-ms': { type: 'string' },
    },
  });
  const family = values.family as ServerFamily;
  if (!SERVER_FAMILIES.includes(family))
    throw new Error(`unknown family "${family}" (one of ${SERVER_FAMILIES.join(', ')})`);
  const quirks: Quirks = {
    ...(values['every-quirk'] ? EVERY_RECOVERABLE_QUIRK : {}),
    ...(values['every-quirk'] || values['small-model'] ? EVERY_SMALL_MODEL_QUIRK : {}),
    ...(values['chunk-delay-ms'] ? { chunkDelayMs: Number(values['chunk-delay-ms']) } : {}),
    ...quirksFrom(values.quirks),
  };
  const double = await startModelServerDouble(family, quirks, {
    port: Number(values.port),
    host: values.host,
  });
  process.stdout.write(`listening ${double.baseUrl}\n`);
  const stop = () => {
    setTimeout(() => process.exit(0), 1000).unref();
    void double.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
