import { EVENT_TYPES } from '@parley/contracts';
import { appEnvSchemas, DEFAULT_PORTS, requiredVariables, type AppName } from '@parley/server-config';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/*
 * k8s/ is rendered the way an operator renders it (`kubectl kustomize k8s/overlays/<env>`), every object is
 * validated against the Kubernetes and Strimzi schemas, and the rendered result is checked against the
 * rules of docs/adr/0013 and 0014: every app and its workers, probes, limits, pod security, no secret
 * values, environments the apps' own schemas accept, every Kafka topic, NetworkPolicies that admit what is
 * needed and nothing else, and the dev/prod differences.
 *
 * KUBECTL names the kubectl binary (default: `kubectl` on PATH; scripts/test.sh installs Debian's
 * kubernetes-client when there is none). KUBECTL_COMPARE may name more binaries, separated by ':', whose
 * rendering must be identical (e.g. kubectl 1.20 with kustomize v2.0.3 against a current one).
 */

const repoRoot = join(__dirname, '..', '..');
const k8sRoot = join(repoRoot, 'k8s');
const apps = Object.keys(appEnvSchemas) as AppName[];
const services = apps.filter((app) => app !== 'gateway');

interface Obj {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [key: string]: unknown;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: {
    requests?: Record<string, string | number>;
    limits?: Record<string, string | number>;
  };
  securityContext?: {
    runAsNonRoot?: boolean;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    privileged?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  automountServiceAccountToken?: boolean;
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    seccompProfile?: { type?: string };
  };
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: PodSpec;
}
type Labels = Record<string, string>;
interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string };
}
interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: Array<{ port?: number | string; protocol?: string }>;
}
interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  ingress?: PolicyRule[];
  egress?: PolicyRule[];
}

// ---------------------------------------------------------------------------------------------------
// Rendering and schema validation

function kubectlBinaries(): string[] {
  return [
    process.env.KUBECTL || 'kubectl',
    ...(process.env.KUBECTL_COMPARE ?? '').split(':').filter(Boolean),
  ];
}

function renderWith(kubectl: string, overlay: string): Obj[] {
  let out: string;
  try {
    out = execFileSync(kubectl, ['kustomize', join(k8sRoot, 'overlays', overlay)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 32 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        `${kubectl} not found: install kubectl (Debian: apt-get install -y kubernetes-client) or set KUBECTL`,
      );
    }
    throw new Error(`${kubectl} kustomize k8s/overlays/${overlay} failed: ${e.stderr ?? e.message}`);
  }
  return parseAllDocuments(out)
    .map((doc) => doc.toJS() as Obj | null)
    .filter((o): o is Obj => o !== null);
}

function validateSchemas(objects: Obj[]): string[] {
  const out = execFileSync(process.execPath, [join(__dirname, 'validate-objects.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
    cwd: repoRoot,
    maxBuffer: 32 * 1024 * 1024,
  });
  const results = JSON.parse(out) as Array<string | null>;
  return results.flatMap((problem, i) =>
    problem ? [`${objects[i]?.kind}/${objects[i]?.metadata?.name}: ${problem}`] : [],
  );
}

const idOf = (o: Obj) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

// ---------------------------------------------------------------------------------------------------
// What the rest of the repository says must exist

/** The source files of an app, tests left out. */
function sourceFiles(app: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      // Test support (src/testing, fixtures) publishes nothing in a running service.
      if (statSync(path).isDirectory()) return /^(testing|__fixtures__)$/.test(entry) ? [] : walk(path);
      return /\.ts$/.test(entry) && !/spec\.ts$/.test(entry) ? [path] : [];
    });
  return walk(join(repoRoot, 'apps', app, 'src'));
}

/** Event types an app's code names in `pattern` (group 1), e.g. createEvent('…') or @ListensTo('…'). */
function eventTypesIn(app: string, pattern: RegExp): string[] {
  const types = sourceFiles(app).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1] as string),
  );
  return [...new Set(types)].sort();
}
const publishedBy = (app: string) => eventTypesIn(app, /createEvent\(\s*'([a-z-]+\.[a-z-]+)'/g);
const consumedBy = (app: string) => eventTypesIn(app, /@ListensTo\(\s*'([a-z-]+\.[a-z-]+)'\s*\)/g);

/** Consumer groups: services with a @ListensTo listener (the group is the service name). */
function consumerGroups(): string[] {
  return services.filter((app) => consumedBy(app).length > 0);
}

/**
 * The Secrets Strimzi makes, for the references to them: one per KafkaUser (its SCRAM password) and the
 * cluster CA's certificate, `<cluster>-cluster-ca-cert`. Values are stand-ins of the right form.
 */
function strimziSecrets(objects: Obj[]): Record<string, Record<string, string>> {
  const secrets: Record<string, Record<string, string>> = {};
  for (const user of objects.filter((o) => o.kind === 'KafkaUser'))
    secrets[user.metadata.name] = { password: 'made-by-the-user-operator', 'sasl.jaas.config': 'made' };
  for (const kafka of objects.filter((o) => o.kind === 'Kafka'))
    secrets[`${kafka.metadata.name}-cluster-ca-cert`] = {
      'ca.crt': '-----BEGIN CERTIFICATE-----\nMIIBmade\n-----END CERTIFICATE-----\n',
    };
  return secrets;
}

/** Apps whose schema has RUN_WORKERS: they get an API Deployment and a worker Deployment. */
const appsWithWorkers = apps.filter((app) => 'RUN_WORKERS' in appEnvSchemas[app].shape);

/** The Secrets an operator creates, parsed from k8s/secrets.example (`kubectl create secret generic`). */
function exampleSecrets(): Record<string, Record<string, string>> {
  const text = readFileSync(join(k8sRoot, 'secrets.example'), 'utf8').replace(/\\\n/g, ' ');
  const secrets: Record<string, Record<string, string>> = {};
  const ecKey = () =>
    generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
  for (const line of text.split('\n')) {
    const m = /create secret generic ([a-z0-9-]+)(.*)$/.exec(line.replace(/^#\s*/, ''));
    if (!m) continue;
    const keys: Record<string, string> = (secrets[m[1] as string] ??= {});
    for (const arg of (m[2] ?? '').matchAll(/--from-(literal|file)=([a-z0-9-]+)=('([^']*)'|(\S+))/g)) {
      const [, source, key, , quoted, bare] = arg;
      // Files hold PEM keys: the placeholder stands for a freshly generated one.
      keys[key as string] = source === 'file' ? ecKey().toString() : ((quoted ?? bare) as string);
    }
  }
  return secrets;
}

// ---------------------------------------------------------------------------------------------------
// Helpers over rendered objects

function byKind(objects: Obj[], kind: string): Obj[] {
  return objects.filter((o) => o.kind === kind);
}
function find(objects: Obj[], kind: string, name: string): Obj {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the rendering`);
  return found;
}
function templateOf(o: Obj): PodTemplate {
  const spec = o.spec as { template?: PodTemplate; jobTemplate?: { spec: { template: PodTemplate } } };
  return (spec.template ?? spec.jobTemplate?.spec.template) as PodTemplate;
}
const workloads = (objects: Obj[]) =>
  objects.filter((o) => ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'].includes(o.kind));

function appContainer(deployment: Obj): Container {
  const app = deployment.metadata.labels?.['app.kubernetes.io/name'] as string;
  const container = templateOf(deployment).spec.containers.find((c) => c.name === app);
  if (!container) throw new Error(`${deployment.metadata.name} has no container named ${app}`);
  return container;
}

function deploymentsOf(objects: Obj[], app: string): Obj[] {
  return byKind(objects, 'Deployment').filter((d) => d.metadata.labels?.['app.kubernetes.io/name'] === app);
}
function componentOf(o: Obj): string | undefined {
  return templateOf(o).metadata?.labels?.['app.kubernetes.io/component'];
}

/** The environment a container sees, with Secrets taken from secrets.example. */
function resolveEnv(
  objects: Obj[],
  container: Container,
  secrets: Record<string, Record<string, string>>,
): { env: Record<string, string>; problems: string[] } {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  const configMap = (name: string) =>
    objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name)?.data;
  for (const from of container.envFrom ?? []) {
    if (from.secretRef) problems.push(`envFrom secretRef ${from.secretRef.name}: reference keys one by one`);
    if (from.configMapRef) {
      const data = configMap(from.configMapRef.name);
      if (!data) problems.push(`envFrom: no ConfigMap ${from.configMapRef.name}`);
      Object.assign(env, data ?? {});
    }
  }
  for (const variable of container.env ?? []) {
    const { secretKeyRef, configMapKeyRef } = variable.valueFrom ?? {};
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else if (configMapKeyRef) {
      const value = configMap(configMapKeyRef.name)?.[configMapKeyRef.key];
      if (value === undefined && !configMapKeyRef.optional)
        problems.push(`${variable.name}: no key ${configMapKeyRef.key} in ConfigMap ${configMapKeyRef.name}`);
      if (value !== undefined) env[variable.name] = value;
    } else if (secretKeyRef) {
      const value = secrets[secretKeyRef.name]?.[secretKeyRef.key];
      if (value === undefined && !secretKeyRef.optional)
        problems.push(
          `${variable.name}: Secret ${secretKeyRef.name} key ${secretKeyRef.key} is not in k8s/secrets.example`,
        );
      if (value !== undefined) env[variable.name] = value;
    }
  }
  return { env, problems };
}

function quantity(value: string | number | undefined, unit: 'cpu' | 'memory'): number {
  if (value === undefined) return Number.NaN;
  const m = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G)?$/.exec(String(value));
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  const factors: Record<string, number> = {
    m: unit === 'cpu' ? 0.001 : 0.001,
    Ki: 1024,
    Mi: 1024 ** 2,
    Gi: 1024 ** 3,
    Ti: 1024 ** 4,
    k: 1e3,
    M: 1e6,
    G: 1e9,
  };
  return n * (m[2] ? (factors[m[2]] as number) : 1);
}

// --- NetworkPolicy evaluation (the subset these manifests use: labels, namespaces, ports) ----------

function selects(selector: LabelSelector | undefined, labels: Labels): boolean {
  if (!selector) return true;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every((e) => {
    const value = labels[e.key];
    switch (e.operator) {
      case 'In':
        return value !== undefined && (e.values ?? []).includes(value);
      case 'NotIn':
        return value === undefined || !(e.values ?? []).includes(value);
      case 'Exists':
        return value !== undefined;
      case 'DoesNotExist':
        return value === undefined;
      default:
        throw new Error(`unknown selector operator ${e.operator}`);
    }
  });
  return byLabels && byExpressions;
}

/** A party of a connection: a pod (labels, namespace) or an address outside the cluster. */
type Party = { pod: Labels; namespace: string } | { external: true };
const NAMESPACE = 'parley';

function peerMatches(peer: PolicyPeer, party: Party, policyNamespace: string): boolean {
  if ('external' in party) return peer.ipBlock !== undefined;
  if (peer.ipBlock) return false;
  const nsLabels = { 'kubernetes.io/metadata.name': party.namespace };
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, nsLabels)
    : party.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector, party.pod);
}

function ruleAllows(rule: PolicyRule, peers: PolicyPeer[] | undefined, party: Party, port: number): boolean {
  const portOk =
    !rule.ports || rule.ports.length === 0 || rule.ports.some((p) => p.port === undefined || p.port === port);
  const peerOk = !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, party, NAMESPACE));
  return portOk && peerOk;
}

/** Whether `from` may open a TCP connection to `to` on `port` under the namespace's NetworkPolicies. */
function connectionAllowed(policies: Obj[], from: Party, to: Party, port: number): boolean {
  const specs = policies.map((p) => p.spec as unknown as NetworkPolicySpec);
  const types = (s: NetworkPolicySpec) => s.policyTypes ?? (s.egress ? ['Ingress', 'Egress'] : ['Ingress']);
  const egressOk =
    'external' in from ||
    from.namespace !== NAMESPACE ||
    (() => {
      const applying = specs.filter((s) => types(s).includes('Egress') && selects(s.podSelector, from.pod));
      return (
        applying.length === 0 ||
        applying.some((s) => (s.egress ?? []).some((rule) => ruleAllows(rule, rule.to, to, port)))
      );
    })();
  const ingressOk =
    'external' in to ||
    to.namespace !== NAMESPACE ||
    (() => {
      const applying = specs.filter((s) => types(s).includes('Ingress') && selects(s.podSelector, to.pod));
      return (
        applying.length === 0 ||
        applying.some((s) => (s.ingress ?? []).some((rule) => ruleAllows(rule, rule.from, from, port)))
      );
    })();
  return egressOk && ingressOk;
}

// ---------------------------------------------------------------------------------------------------

const SENSITIVE =
  /^(DATABASE_URL|REDIS_URL|JWT_PRIVATE_KEY|JWT_ADDITIONAL_PUBLIC_KEYS|MFA_ENCRYPTION_KEY|SMTP_URL|OPENAI_API_KEY|OPENAI_BASE_URL)$|PASSWORD|SECRET|API_KEY|_TOKEN$/;

describe.each(['dev', 'prod'])('k8s/overlays/%s', (overlay) => {
  let objects: Obj[] = [];
  const secrets = exampleSecrets();

  beforeAll(() => {
    const [first, ...others] = kubectlBinaries();
    objects = renderWith(first as string, overlay);
    Object.assign(secrets, strimziSecrets(objects));
    for (const other of others) {
      const rendered = renderWith(other, overlay);
      const sorted = (list: Obj[]) => [...list].sort((a, b) => idOf(a).localeCompare(idOf(b)));
      expect({ kubectl: other, objects: sorted(rendered) }).toEqual({
        kubectl: other,
        objects: sorted(objects),
      });
    }
  });

  it('renders objects that all pass the Kubernetes and Strimzi schemas', () => {
    expect(objects.length).toBeGreaterThan(40);
    expect(validateSchemas(objects)).toEqual([]);
    const ids = objects.map(idOf);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(objects.filter((o) => o.metadata.namespace !== NAMESPACE).map(idOf)).toEqual([]);
  });

  it('commits no Secret and no secret value', () => {
    expect(byKind(objects, 'Secret').map(idOf)).toEqual([]);
    const text = JSON.stringify(objects);
    expect(text).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
    expect(text).not.toMatch(/[a-z]+:\/\/[^/\s:@"]+:[^@\s"]+@/); // credentials in a URL
    const plain = workloads(objects).flatMap((w) => {
      const spec = templateOf(w).spec;
      return [...spec.containers, ...(spec.initContainers ?? [])].flatMap((c) =>
        (c.env ?? [])
          .filter((v) => SENSITIVE.test(v.name) && !v.valueFrom?.secretKeyRef)
          .map((v) => `${w.metadata.name}/${c.name}: ${v.name} is not from a Secret`),
      );
    });
    const inConfigMaps = byKind(objects, 'ConfigMap').flatMap((cm) =>
      Object.keys(cm.data ?? {})
        .filter((key) => SENSITIVE.test(key))
        .map((key) => `ConfigMap ${cm.metadata.name}: ${key}`),
    );
    expect([...plain, ...inConfigMaps]).toEqual([]);
    expect(readFileSync(join(k8sRoot, 'secrets.example'), 'utf8')).not.toMatch(/^kind:\s*Secret/m);
  });

  it('runs every app: an API Deployment and a Service, plus a worker Deployment where it has workers', () => {
    for (const app of apps) {
      const deployments = deploymentsOf(objects, app);
      const api = deployments.filter((d) => componentOf(d) === 'api');
      const workers = deployments.filter((d) => componentOf(d) === 'worker');
      expect({ app, api: api.length, workers: workers.length }).toEqual({
        app,
        api: 1,
        workers: appsWithWorkers.includes(app) ? 1 : 0,
      });
      const service = find(objects, 'Service', app);
      expect((service.spec as { selector: Labels }).selector).toEqual({
        'app.kubernetes.io/name': app,
        'app.kubernetes.io/component': 'api',
      });
      if (appsWithWorkers.includes(app)) {
        const runWorkers = (d: Obj) => appContainer(d).env?.find((v) => v.name === 'RUN_WORKERS')?.value;
        expect(runWorkers(api[0] as Obj)).toBe('false');
        expect(runWorkers(workers[0] as Obj)).toBe('true');
      }
    }
  });

  it('gives every app an environment its own schema accepts, from ConfigMaps and the example Secrets', () => {
    const problems: string[] = [];
    for (const app of apps) {
      for (const deployment of deploymentsOf(objects, app)) {
        const { env, problems: refs } = resolveEnv(objects, appContainer(deployment), secrets);
        problems.push(...refs.map((p) => `${deployment.metadata.name}: ${p}`));
        const missing = requiredVariables(appEnvSchemas[app]).filter((name) => !env[name]);
        problems.push(...missing.map((name) => `${deployment.metadata.name}: ${name} is not set`));
        const parsed = appEnvSchemas[app].safeParse(env);
        if (!parsed.success)
          problems.push(
            ...parsed.error.issues.map(
              (i) => `${deployment.metadata.name}: ${i.path.join('.')}: ${i.message}`,
            ),
          );
        if (env.NODE_ENV !== 'production') problems.push(`${deployment.metadata.name}: NODE_ENV`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('points the gateway and the services at Services and ports that exist', () => {
    const gateway = resolveEnv(objects, appContainer(find(objects, 'Deployment', 'gateway')), secrets).env;
    const servicePort = (name: string, port: number) =>
      (find(objects, 'Service', name).spec as { ports: Array<{ port: number }> }).ports.some(
        (p) => p.port === port,
      );
    for (const app of services) {
      const url = new URL(gateway[`${app.toUpperCase()}_RPC_URL`] as string);
      const target = resolveEnv(objects, appContainer(find(objects, 'Deployment', app)), secrets).env;
      expect({ app, host: url.hostname, port: Number(url.port) }).toEqual({
        app,
        host: app,
        port: Number(target.RPC_PORT),
      });
      expect(servicePort(app, Number(url.port))).toBe(true);
    }
    const jwks = new URL(gateway.JWKS_URL as string);
    const identity = resolveEnv(objects, appContainer(find(objects, 'Deployment', 'identity')), secrets).env;
    expect([jwks.hostname, Number(jwks.port), jwks.pathname]).toEqual([
      'identity',
      Number(identity.HTTP_PORT),
      '/.well-known/jwks.json',
    ]);

    const kafka = byKind(objects, 'Kafka')[0] as Obj;
    const listener = (kafka.spec as { kafka: { listeners: Array<{ port: number; tls: boolean }> } }).kafka
      .listeners[0];
    for (const app of services) {
      const env = resolveEnv(objects, appContainer(find(objects, 'Deployment', app)), secrets).env;
      expect({ app, brokers: env.KAFKA_BROKERS, create: env.KAFKA_CREATE_TOPICS }).toEqual({
        app,
        brokers: `${kafka.metadata.name}-kafka-bootstrap:${listener?.port}`,
        create: 'false',
      });
      const db = new URL(env.DATABASE_URL as string);
      const redis = new URL(env.REDIS_URL as string);
      for (const [host, port] of [
        [db.hostname, Number(db.port || 5432)],
        [redis.hostname, Number(redis.port || 6379)],
      ] as const)
        expect(servicePort(host, port)).toBe(true);
    }
    for (const external of ['postgres', 'redis'])
      expect((find(objects, 'Service', external).spec as { type: string }).type).toBe('ExternalName');
  });

  it('probes every app on its health endpoints, on the port it listens on', () => {
    const problems: string[] = [];
    for (const app of apps) {
      for (const deployment of deploymentsOf(objects, app)) {
        const container = appContainer(deployment);
        const env = resolveEnv(objects, container, secrets).env;
        const httpPort = Number(app === 'gateway' ? env.PORT : env.HTTP_PORT);
        const portOf = (probe: Probe | undefined) => {
          const port = probe?.httpGet?.port;
          return typeof port === 'number'
            ? port
            : container.ports?.find((p) => p.name === port)?.containerPort;
        };
        const expectations: Array<[string, Probe | undefined, string]> = [
          ['startupProbe', container.startupProbe, '/health/live'],
          ['livenessProbe', container.livenessProbe, '/health/live'],
          ['readinessProbe', container.readinessProbe, '/health/ready'],
        ];
        for (const [kind, probe, path] of expectations) {
          if (probe?.httpGet?.path !== path || portOf(probe) !== httpPort)
            problems.push(
              `${deployment.metadata.name} ${kind}: ${probe?.httpGet?.path}:${portOf(probe)}, want ${path}:${httpPort}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('runs every pod as non-root, read-only, without capabilities or a service-account token, with limits', () => {
    const problems: string[] = [];
    for (const w of workloads(objects)) {
      const spec = templateOf(w).spec;
      const name = `${w.kind}/${w.metadata.name}`;
      if (spec.automountServiceAccountToken !== false) problems.push(`${name}: automountServiceAccountToken`);
      if (spec.securityContext?.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot`);
      if (!(Number(spec.securityContext?.runAsUser) > 0)) problems.push(`${name}: runAsUser`);
      if (spec.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${name}: seccomp`);
      if (spec.hostNetwork || spec.hostPID || spec.hostIPC) problems.push(`${name}: host namespaces`);
      for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
        const where = `${name}/${c.name}`;
        const sc = c.securityContext ?? {};
        if (sc.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem`);
        if (sc.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation`);
        if (sc.privileged) problems.push(`${where}: privileged`);
        if (!sc.capabilities?.drop?.includes('ALL') || (sc.capabilities.add ?? []).length > 0)
          problems.push(`${where}: capabilities`);
        for (const unit of ['cpu', 'memory'] as const) {
          const request = quantity(c.resources?.requests?.[unit], unit);
          const limit = quantity(c.resources?.limits?.[unit], unit);
          if (!(request > 0 && limit >= request)) problems.push(`${where}: ${unit} request/limit`);
        }
        if (/:(latest)?$/.test(c.image) || !/[:@]/.test(c.image)) problems.push(`${where}: image ${c.image}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every app pod time to drain: termination grace > SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS', () => {
    for (const app of apps) {
      for (const deployment of deploymentsOf(objects, app)) {
        const env = resolveEnv(objects, appContainer(deployment), secrets).env;
        const parsed = appEnvSchemas[app].parse(env) as {
          SHUTDOWN_GRACE_MS: number;
          SHUTDOWN_DELAY_MS?: number;
        };
        const needed = (parsed.SHUTDOWN_GRACE_MS + (parsed.SHUTDOWN_DELAY_MS ?? 0)) / 1000;
        const grace = (templateOf(deployment).spec as { terminationGracePeriodSeconds?: number })
          .terminationGracePeriodSeconds;
        expect({ name: deployment.metadata.name, enough: (grace ?? 30) > needed }).toEqual({
          name: deployment.metadata.name,
          enough: true,
        });
      }
    }
  });

  it('migrates before anything runs: the migrate Job and an init container per service pod', () => {
    const job = find(objects, 'Job', 'migrate');
    const jobContainer = templateOf(job).spec.containers[0] as Container;
    expect(jobContainer.image).toMatch(/\/migrate[:@]|^parley\/migrate:/);
    expect(jobContainer.env?.find((v) => v.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toBeDefined();
    for (const app of services) {
      for (const deployment of deploymentsOf(objects, app)) {
        const init = templateOf(deployment).spec.initContainers?.find((c) => c.name === 'migrate');
        expect({ name: deployment.metadata.name, image: init?.image, args: init?.args }).toEqual({
          name: deployment.metadata.name,
          image: appContainer(deployment).image,
          args: ['migrate'],
        });
      }
    }
  });

  it('declares every Kafka topic: one per event type and one dead-letter topic per consumer group', () => {
    const kafka = byKind(objects, 'Kafka');
    expect(kafka).toHaveLength(1);
    const cluster = (kafka[0] as Obj).metadata.name;
    const topics = byKind(objects, 'KafkaTopic');
    const names = topics.map((t) => (t.spec as { topicName?: string }).topicName ?? t.metadata.name);
    const groups = consumerGroups();
    expect(groups).toEqual(expect.arrayContaining(['sessions', 'gamification', 'export']));
    expect([...names].sort()).toEqual([...EVENT_TYPES, ...groups.map((g) => `${g}.dead-letter`)].sort());

    const brokers = byKind(objects, 'KafkaNodePool')
      .filter((pool) => (pool.spec as { roles: string[] }).roles.includes('broker'))
      .reduce((sum, pool) => sum + Number((pool.spec as { replicas: number }).replicas), 0);
    for (const topic of topics) {
      const spec = topic.spec as {
        partitions: number;
        replicas: number;
        config: Record<string, string | number>;
      };
      const minIsr = Number(spec.config['min.insync.replicas']);
      expect({
        topic: topic.metadata.name,
        cluster: topic.metadata.labels?.['strimzi.io/cluster'],
        fitsBrokers: spec.replicas <= brokers,
        minIsrOk: minIsr >= 1 && (spec.replicas === 1 ? minIsr === 1 : minIsr < spec.replicas),
        retentionSet: Number(spec.config['retention.ms']) > 0,
        partitions: spec.partitions >= 1,
      }).toEqual({
        topic: topic.metadata.name,
        cluster,
        fitsBrokers: true,
        minIsrOk: true,
        retentionSet: true,
        partitions: true,
      });
    }
    for (const pool of byKind(objects, 'KafkaNodePool'))
      expect(pool.metadata.labels?.['strimzi.io/cluster']).toBe(cluster);
  });

  it('serves Kafka only over TLS with SCRAM-SHA-512, and signs each service in as its own KafkaUser', () => {
    const kafka = byKind(objects, 'Kafka')[0] as Obj;
    const cluster = kafka.metadata.name;
    const spec = kafka.spec as {
      kafka: {
        listeners: Array<{ name: string; tls: boolean; authentication?: { type: string } }>;
        authorization?: { type: string };
      };
      entityOperator?: { userOperator?: unknown };
    };
    expect(
      spec.kafka.listeners.map((l) => ({ name: l.name, tls: l.tls, auth: l.authentication?.type })),
    ).toEqual(spec.kafka.listeners.map((l) => ({ name: l.name, tls: true, auth: 'scram-sha-512' })));
    expect(spec.kafka.authorization?.type).toBe('simple');
    expect(spec.entityOperator?.userOperator).toBeDefined();

    const users = byKind(objects, 'KafkaUser');
    expect(users.map((u) => u.metadata.name).sort()).toEqual([...services].sort());
    for (const app of services) {
      for (const deployment of deploymentsOf(objects, app)) {
        const container = appContainer(deployment);
        const ref = (name: string) => container.env?.find((v) => v.name === name);
        const { env } = resolveEnv(objects, container, secrets);
        expect({
          name: deployment.metadata.name,
          ssl: env.KAFKA_SSL,
          mechanism: env.KAFKA_SASL_MECHANISM,
          username: env.KAFKA_SASL_USERNAME,
          password: ref('KAFKA_SASL_PASSWORD')?.valueFrom?.secretKeyRef,
          ca: ref('KAFKA_SSL_CA')?.valueFrom?.secretKeyRef,
        }).toEqual({
          name: deployment.metadata.name,
          ssl: 'true',
          mechanism: 'scram-sha-512',
          username: app,
          password: { name: app, key: 'password' },
          ca: { name: `${cluster}-cluster-ca-cert`, key: 'ca.crt' },
        });
      }
    }
  });

  it('allows each KafkaUser exactly the topics it publishes and consumes and its own group, nothing else', () => {
    interface Acl {
      resource: { type: string; name: string; patternType?: string };
      operations: string[];
      host?: string;
      type?: string;
    }
    const groups = consumerGroups();
    for (const app of services) {
      const user = find(objects, 'KafkaUser', app);
      const spec = user.spec as {
        authentication: { type: string };
        authorization: { type: string; acls: Acl[] };
      };
      expect([user.metadata.labels?.['strimzi.io/cluster'], spec.authentication.type]).toEqual([
        (byKind(objects, 'Kafka')[0] as Obj).metadata.name,
        'scram-sha-512',
      ]);
      const granted = spec.authorization.acls
        .flatMap((acl) =>
          acl.operations.map(
            (op) =>
              `${acl.type ?? 'allow'} ${acl.resource.type}:${acl.resource.name}:${acl.resource.patternType ?? 'literal'} ${op}`,
          ),
        )
        .sort();
      const wanted = [
        ...publishedBy(app).flatMap((t) => [
          `allow topic:${t}:literal Write`,
          `allow topic:${t}:literal Describe`,
        ]),
        ...consumedBy(app).flatMap((t) => [
          `allow topic:${t}:literal Read`,
          `allow topic:${t}:literal Describe`,
        ]),
        ...(groups.includes(app)
          ? [
              `allow group:${app}:literal Read`,
              `allow topic:${app}.dead-letter:literal Write`,
              `allow topic:${app}.dead-letter:literal Describe`,
            ]
          : []),
      ].sort();
      expect({ user: app, granted }).toEqual({ user: app, granted: wanted });
    }
    // What the code says, so a new publisher or listener without its ACL fails here.
    expect(publishedBy('identity')).toContain('identity.user-registered');
    expect(consumedBy('gamification')).toContain('sessions.session-completed');
  });

  it('runs the Kafka version used everywhere else, in KRaft mode', () => {
    const pom = readFileSync(join(repoRoot, 'infra/local/kafka/pom.xml'), 'utf8');
    const version = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(pom)?.[1];
    const kafka = byKind(objects, 'Kafka')[0] as Obj;
    const spec = kafka.spec as {
      kafka: { version: string; config: Record<string, unknown> };
      zookeeper?: unknown;
    };
    expect(spec.kafka.version).toBe(version);
    expect(spec.zookeeper).toBeUndefined();
    expect(spec.kafka.config['auto.create.topics.enable']).toBe(false);
    const roles = byKind(objects, 'KafkaNodePool').flatMap((p) => (p.spec as { roles: string[] }).roles);
    expect(roles).toEqual(expect.arrayContaining(['controller', 'broker']));
  });

  it('exposes only the gateway, through an Ingress that does not buffer SSE', () => {
    const ingresses = byKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const ingress = ingresses[0] as Obj;
    const annotations = (ingress.metadata as { annotations?: Record<string, string> }).annotations ?? {};
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(300);
    const backends = JSON.stringify(ingress.spec).match(/"service":\{"name":"([^"]+)"/g);
    expect(new Set(backends)).toEqual(new Set(['"service":{"name":"gateway"']));
    const exposed = byKind(objects, 'Service').filter((s) =>
      ['LoadBalancer', 'NodePort'].includes((s.spec as { type?: string }).type ?? ''),
    );
    expect(exposed.map(idOf)).toEqual([]);
  });

  describe('NetworkPolicies', () => {
    const pod = (name: string, component = 'api'): Party => {
      const d = objects.find(
        (o) =>
          o.kind === 'Deployment' &&
          o.metadata.labels?.['app.kubernetes.io/name'] === name &&
          componentOf(o) === component,
      );
      if (!d) throw new Error(`no ${component} Deployment for ${name}`);
      return { pod: templateOf(d).metadata?.labels ?? {}, namespace: NAMESPACE };
    };
    const kafkaBroker = (): Party => ({
      pod: {
        'strimzi.io/cluster': (byKind(objects, 'Kafka')[0] as Obj).metadata.name,
        'strimzi.io/kind': 'Kafka',
      },
      namespace: NAMESPACE,
    });
    const kafkaPort = () =>
      Number(
        (byKind(objects, 'Kafka')[0]?.spec as { kafka: { listeners: Array<{ port: number }> } }).kafka
          .listeners[0]?.port,
      );
    const outside: Party = { external: true };
    const ingressController: Party = {
      pod: { 'app.kubernetes.io/name': 'ingress-nginx' },
      namespace: 'ingress-nginx',
    };
    const allowed = (from: Party, to: Party, port: number) =>
      connectionAllowed(byKind(objects, 'NetworkPolicy'), from, to, port);
    const ports = (app: string) => DEFAULT_PORTS[app as Exclude<AppName, 'gateway'>];
    const rpcPort = (app: string) => ports(app).rpc;
    const httpPort = (app: string) => ports(app).http;

    it('deny by default', () => {
      const denyAll = byKind(objects, 'NetworkPolicy').filter((p) => {
        const spec = p.spec as unknown as NetworkPolicySpec;
        return (
          Object.keys(spec.podSelector).length === 0 &&
          ['Ingress', 'Egress'].every((t) => spec.policyTypes?.includes(t)) &&
          !spec.ingress &&
          !spec.egress
        );
      });
      expect(denyAll).toHaveLength(1);
      const stranger: Party = { pod: { app: 'stranger' }, namespace: NAMESPACE };
      expect(allowed(stranger, pod('identity'), rpcPort('identity'))).toBe(false);
      expect(allowed(pod('sessions'), pod('coaching'), rpcPort('coaching'))).toBe(false);
      expect(allowed(pod('export', 'worker'), pod('identity'), httpPort('identity'))).toBe(false);
    });

    it('let only the gateway in from the ingress controller', () => {
      expect(allowed(ingressController, pod('gateway'), 3000)).toBe(true);
      for (const app of services) {
        expect({ app, http: allowed(ingressController, pod(app), httpPort(app)) }).toEqual({
          app,
          http: false,
        });
        expect({ app, rpc: allowed(ingressController, pod(app), rpcPort(app)) }).toEqual({ app, rpc: false });
      }
      const elsewhere: Party = { pod: {}, namespace: 'default' };
      expect(allowed(elsewhere, pod('gateway'), 3000)).toBe(false);
    });

    it("let the gateway reach every service's RPC port and identity's JWKS, and nothing else internal", () => {
      for (const app of services) {
        expect({ app, rpc: allowed(pod('gateway'), pod(app), rpcPort(app)) }).toEqual({ app, rpc: true });
      }
      expect(allowed(pod('gateway'), pod('identity'), httpPort('identity'))).toBe(true);
      expect(allowed(pod('gateway'), pod('sessions'), httpPort('sessions'))).toBe(false);
      expect(allowed(pod('gateway'), kafkaBroker(), kafkaPort())).toBe(false);
      expect(allowed(pod('gateway'), outside, 5432)).toBe(false);
      expect(allowed(pod('gateway'), outside, 6379)).toBe(true);
      for (const app of appsWithWorkers)
        expect({ app, worker: allowed(pod('gateway'), pod(app, 'worker'), rpcPort(app)) }).toEqual({
          app,
          worker: false,
        });
    });

    it('let every service pod reach PostgreSQL, Redis, Kafka and DNS', () => {
      const dns: Party = { pod: { 'k8s-app': 'kube-dns' }, namespace: 'kube-system' };
      for (const d of services.flatMap((app) => deploymentsOf(objects, app))) {
        const from = { pod: templateOf(d).metadata?.labels ?? {}, namespace: NAMESPACE };
        expect({
          name: d.metadata.name,
          postgres: allowed(from, outside, 5432),
          redis: allowed(from, outside, 6379),
          kafka: allowed(from, kafkaBroker(), kafkaPort()),
          dns: allowed(from, dns, 53),
        }).toEqual({ name: d.metadata.name, postgres: true, redis: true, kafka: true, dns: true });
      }
      const migrate = {
        pod: templateOf(find(objects, 'Job', 'migrate')).metadata?.labels ?? {},
        namespace: NAMESPACE,
      };
      expect([allowed(migrate, outside, 5432), allowed(migrate, outside, 443)]).toEqual([true, false]);
    });

    it('let out only what each service needs: SMTP for identity, the AI provider for coaching', () => {
      expect(allowed(pod('identity'), outside, 587)).toBe(true);
      expect(allowed(pod('coaching'), outside, 443)).toBe(true);
      expect(allowed(pod('coaching', 'worker'), outside, 443)).toBe(true);
      for (const app of ['gateway', 'sessions', 'gamification', 'export'])
        expect({
          app,
          https: allowed(pod(app), outside, 443),
          smtp: allowed(pod(app), outside, 587),
        }).toEqual({
          app,
          https: false,
          smtp: false,
        });
      expect(allowed(pod('coaching'), outside, 587)).toBe(false);
    });
  });

  if (overlay === 'prod') {
    it('keeps at least two pods of every Deployment: HPAs for the gateway and coaching, KEDA for the workers', () => {
      const hpas = byKind(objects, 'HorizontalPodAutoscaler');
      const scaledObjects = byKind(objects, 'ScaledObject');
      const targetOf = (o: Obj) => (o.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name;
      const hpaFor = (name: string) => hpas.find((h) => targetOf(h) === name);
      const scaledFor = (name: string) => scaledObjects.find((so) => targetOf(so) === name);
      expect(['gateway', 'coaching'].filter((name) => !hpaFor(name))).toEqual([]);
      expect(appsWithWorkers.map((app) => `${app}-worker`).filter((name) => !scaledFor(name))).toEqual([]);
      for (const d of byKind(objects, 'Deployment')) {
        const hpa = hpaFor(d.metadata.name)?.spec as { minReplicas: number; maxReplicas: number } | undefined;
        const so = scaledFor(d.metadata.name)?.spec as
          { minReplicaCount: number; maxReplicaCount: number } | undefined;
        const range = hpa
          ? [hpa.minReplicas, hpa.maxReplicas]
          : so
            ? [so.minReplicaCount, so.maxReplicaCount]
            : undefined;
        const replicas = (d.spec as { replicas?: number }).replicas;
        expect({
          name: d.metadata.name,
          atLeastTwo: range ? range[0]! >= 2 && range[1]! > range[0]! : (replicas ?? 1) >= 2,
          // An autoscaler owns the count: a `replicas` in the manifest would reset it on every apply.
          replicasLeftToAutoscaler: range ? replicas === undefined : true,
          // KEDA makes its own HPA: a second one on the same Deployment would fight it.
          oneAutoscaler: !(hpa && so),
        }).toEqual({
          name: d.metadata.name,
          atLeastTwo: true,
          replicasLeftToAutoscaler: true,
          oneAutoscaler: true,
        });
      }
    });

    it('scales each worker on the backlog of every BullMQ queue it works (KEDA), with CPU as the fallback', () => {
      interface Trigger {
        type: string;
        metricType?: string;
        metadata: Record<string, string>;
        authenticationRef?: { name: string; kind?: string };
      }
      for (const app of appsWithWorkers) {
        const so = byKind(objects, 'ScaledObject').find(
          (o) => (o.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === `${app}-worker`,
        ) as Obj;
        const triggers = (so.spec as { triggers: Trigger[] }).triggers;
        // The queues the app defines (defineQueue({ name: '…' })), so a new queue without a trigger fails.
        const queues = sourceFiles(app)
          .flatMap((file) => [
            ...readFileSync(file, 'utf8').matchAll(/defineQueue\(\{\s*name:\s*'([a-z0-9-]+)'/g),
          ])
          .map((m) => m[1] as string)
          .sort();
        expect(queues.length).toBeGreaterThan(0);
        const redis = triggers.filter((t) => t.type === 'redis');
        expect({ app, lists: redis.map((t) => t.metadata.listName).sort() }).toEqual({
          app,
          lists: queues.map((q) => `bull:${q}:wait`).sort(),
        });
        for (const t of redis) {
          expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
          // Credentials only through a TriggerAuthentication whose Secret keys the operator creates.
          expect(Object.keys(t.metadata).filter((k) => /address|host|password/i.test(k))).toEqual([]);
          const auth = find(objects, 'TriggerAuthentication', t.authenticationRef?.name as string);
          for (const ref of (auth.spec as { secretTargetRef: Array<{ name: string; key: string }> })
            .secretTargetRef)
            expect({ ref, known: secrets[ref.name]?.[ref.key] !== undefined }).toEqual({ ref, known: true });
        }
        const cpu = triggers.filter((t) => t.type === 'cpu');
        expect(cpu).toHaveLength(1);
        expect([cpu[0]?.metricType, Number(cpu[0]?.metadata.value) > 0]).toEqual(['Utilization', true]);
      }
    });

    it('protects every Deployment with a PodDisruptionBudget', () => {
      const pdbs = byKind(objects, 'PodDisruptionBudget');
      for (const d of byKind(objects, 'Deployment')) {
        const labels = templateOf(d).metadata?.labels ?? {};
        const covering = pdbs.filter((p) =>
          selects((p.spec as { selector: LabelSelector }).selector, labels),
        );
        expect({ name: d.metadata.name, pdbs: covering.length }).toEqual({ name: d.metadata.name, pdbs: 1 });
      }
    });

    it('pins every image to one release tag and serves the host over TLS', () => {
      const images = workloads(objects).flatMap((w) => {
        const spec = templateOf(w).spec;
        return [...spec.containers, ...(spec.initContainers ?? [])].map((c) => c.image);
      });
      const tags = new Set(images.map((image) => /:([^:/@]+)$/.exec(image)?.[1]));
      expect(tags.size).toBe(1);
      expect([...tags][0]).toMatch(/^\d+\.\d+\.\d+$/);
      const ingress = byKind(objects, 'Ingress')[0] as Obj;
      const spec = ingress.spec as { tls?: Array<{ hosts: string[] }>; rules: Array<{ host: string }> };
      expect(spec.tls?.[0]?.hosts).toEqual(spec.rules.map((r) => r.host));
      const publicUrl = new URL(find(objects, 'ConfigMap', 'parley-common').data?.PUBLIC_URL as string);
      expect([publicUrl.protocol, publicUrl.hostname]).toEqual(['https:', spec.rules[0]?.host]);
      const nodes = byKind(objects, 'KafkaNodePool').reduce(
        (sum, p) => sum + Number((p.spec as { replicas: number }).replicas),
        0,
      );
      expect(nodes).toBeGreaterThanOrEqual(3);
    });
  } else {
    it('runs one pod of everything, without HPAs or PDBs, with MailDev as the SMTP catcher', () => {
      for (const d of byKind(objects, 'Deployment'))
        expect({ name: d.metadata.name, replicas: (d.spec as { replicas?: number }).replicas ?? 1 }).toEqual({
          name: d.metadata.name,
          replicas: 1,
        });
      expect(byKind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
      expect(byKind(objects, 'ScaledObject')).toEqual([]);
      expect(byKind(objects, 'PodDisruptionBudget')).toEqual([]);
      find(objects, 'Deployment', 'mail');
      expect(
        (find(objects, 'Service', 'mail').spec as { ports: Array<{ port: number }> }).ports.map(
          (p) => p.port,
        ),
      ).toContain(1025);
    });
  }
});
