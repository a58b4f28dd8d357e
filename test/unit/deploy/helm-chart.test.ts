import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, loadAll } from 'js-yaml';
import { envSchema, loadEnv } from '../../../src/config/env';
import { ORDER_SEARCH_ATTRIBUTES } from '../../../src/temporal/search-attribute-keys';
import { environment, instructions, parseDockerfile } from '../../support/dockerfile';
import {
  chartProblems,
  disruptionBudgetProblems,
  KubeObject,
  networkProblems,
  probeProblems,
  secretProblems,
  securityProblems,
  shutdownProblems,
  workloads,
} from './chart-rules';
import { chart, helm, KUBE_VERSION, root, tool } from './helm-tool';

/**
 * The Helm chart, checked as far as it can be without a cluster: `helm lint --strict` and
 * `helm template` for every environment and Temporal values file, every rendered object decoded
 * strictly into its Kubernetes API type (deploy/helm/validate), and the chart's own rules
 * (chart-rules.ts). `npm test` builds Helm and the validator once per machine and passes them in
 * HELM_PATH and KUBE_VALIDATE_PATH.
 */
const valuesFile = (name: string) => join(chart, `values-${name}.yaml`);
const sets = (settings: Record<string, string>) => Object.entries(settings).flatMap(([key, value]) => ['--set-json', `${key}=${value}`]);

interface Deployment {
  name: string;
  files: string[];
  settings: Record<string, string>;
}

/** What an operator gives on the command line besides the files, as the files' comments say. */
const RAILS = { 'rails.url': '"https://rails.internal.example"' };
const CLOUD = { 'temporal.address': '"payments-prod.a1b2c.tmprl.cloud:7233"', 'temporal.namespace': '"payments-prod.a1b2c"' };
const ENVIRONMENTS: Record<string, Record<string, string>> = { staging: {}, production: RAILS };
const TEMPORALS: Record<string, Record<string, string>> = { selfhosted: {}, cloud: CLOUD };

const deployments: Deployment[] = Object.entries(ENVIRONMENTS).flatMap(([environment, environmentSettings]) =>
  Object.entries(TEMPORALS).map(([temporal, temporalSettings]) => ({
    name: `${environment} on ${temporal} Temporal`,
    files: [valuesFile(environment), valuesFile(`temporal-${temporal}`)],
    settings: { ...environmentSettings, ...temporalSettings },
  })),
);
const production = deployments.find((deployment) => deployment.name === 'production on cloud Temporal')!;
const with_ = (base: Deployment, name: string, settings: Record<string, string>): Deployment => ({ name: `${base.name}, ${name}`, files: base.files, settings: { ...base.settings, ...settings } });

/** The other shapes the values allow, each rendered and checked like the four above. */
const variants: Deployment[] = [
  with_(production, 'mTLS instead of an API key', { 'temporal.apiKey.secretName': '""', 'temporal.tls.secretName': '"temporal-cloud-mtls"', 'temporal.tls.certKey': '"tls.crt"', 'temporal.tls.keyKey': '"tls.key"' }),
  with_(deployments[0]!, 'Temporal behind mTLS with its own CA', {
    'temporal.tls.secretName': '"temporal-client"',
    'temporal.tls.caKey': '"ca.crt"',
    'temporal.tls.certKey': '"tls.crt"',
    'temporal.tls.keyKey': '"tls.key"',
    'temporal.tls.serverName': '"temporal-frontend"',
  }),
  with_(production, 'egress restricted', {
    'networkPolicy.egress.enabled': 'true',
    'networkPolicy.egress.destinations': JSON.stringify([
      { name: 'postgresql', to: [{ ipBlock: { cidr: '10.20.0.0/16' } }], ports: [{ port: 5432, protocol: 'TCP' }] },
      { name: 'temporal-cloud', to: [{ ipBlock: { cidr: '0.0.0.0/0' } }], ports: [{ port: 7233, protocol: 'TCP' }] },
    ]),
  }),
  with_(deployments[0]!, 'egress restricted with the simulator', { 'networkPolicy.egress.enabled': 'true' }),
  with_(production, 'fixed replicas', { 'api.autoscaling.enabled': 'false', 'worker.autoscaling.enabled': 'false' }),
  with_(production, 'worker scaled on the task queue backlog', {
    'worker.autoscaling.backlog.enabled': 'true',
    'worker.autoscaling.backlog.selector': JSON.stringify({ matchLabels: { task_queue: 'orders' } }),
  }),
  with_(production, 'extra settings and secret variables', {
    config: JSON.stringify({ LOG_LEVEL: 'warn', QR_EXPIRY_SECONDS: 900, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability:4318' }),
    secretEnv: JSON.stringify({ OTEL_EXPORTER_OTLP_HEADERS: { name: 'otel', key: 'headers' } }),
  }),
];

function templateArgs({ files, settings }: Deployment): string[] {
  return ['template', 'payments', chart, '--namespace', 'payments', '--kube-version', KUBE_VERSION, ...files.flatMap((file) => ['-f', file]), ...sets(settings)];
}

function render(deployment: Deployment): { text: string; objects: KubeObject[] } {
  const result = helm(templateArgs(deployment));
  if (result.status !== 0) throw new Error(`helm template failed for ${deployment.name}:\n${result.stderr}`);
  return { text: result.stdout, objects: (loadAll(result.stdout) as Array<KubeObject | null>).filter((object): object is KubeObject => object !== null) };
}

function kubeValidate(text: string) {
  const result = spawnSync(tool('KUBE_VALIDATE_PATH'), [], { input: text, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A rendered object by kind and the end of its name. */
const find = (objects: KubeObject[], kind: string, suffix: string) => objects.find((object) => object.kind === kind && object.metadata.name.endsWith(suffix))!;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('the Helm chart', () => {
  describe.each([...deployments, ...variants])('$name', (deployment) => {
    let rendered: { text: string; objects: KubeObject[] };
    beforeAll(() => {
      rendered = render(deployment);
    });

    it('passes helm lint --strict', () => {
      const result = helm(['lint', '--strict', chart, '--kube-version', KUBE_VERSION, ...deployment.files.flatMap((file) => ['-f', file]), ...sets(deployment.settings)]);
      expect({ status: result.status, output: result.status === 0 ? '' : result.stdout + result.stderr }).toEqual({ status: 0, output: '' });
    });

    it('renders only objects that decode strictly into their Kubernetes types and pass the API server rules', () => {
      const result = kubeValidate(rendered.text);
      expect({ status: result.status, problems: result.stderr }).toEqual({ status: 0, problems: '' });
      expect(result.stdout).toBe(`${rendered.objects.length} objects valid\n`);
    });

    it("keeps the chart's own rules", () => {
      expect(chartProblems(rendered.objects)).toEqual([]);
    });

    it('gives the api and the worker an environment the service accepts, every variable one it reads', () => {
      const secrets: Record<string, string> = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex'), DATABASE_URL: 'postgres://payments:pw@db:5432/payments' };
      for (const { component, containers } of workloads(rendered.objects).filter((workload) => ['api', 'worker'].includes(workload.component))) {
        const env = Object.fromEntries(containers[0]!.env!.map((variable) => [variable.name, variable.value ?? secrets[variable.name] ?? 'from-a-secret']));
        expect(() => loadEnv(env)).not.toThrow();
        expect(loadEnv(env)).toMatchObject({ NODE_ENV: 'production', METRICS_HOST: '0.0.0.0' });
        const unread = Object.keys(env).filter((name) => !(name in envSchema.shape) && !name.startsWith('OTEL_'));
        expect({ component, unread }).toEqual({ component, unread: [] });
      }
    });
  });

  describe('by environment', () => {
    const kinds = (objects: KubeObject[]) => objects.map((object) => `${object.kind}/${object.metadata.name}`).sort();

    it('runs the rails simulator in staging only, and points the api and the worker at the rails they have', () => {
      const staging = render(deployments[0]!).objects;
      const prod = render(production).objects;
      expect(kinds(staging)).toEqual(expect.arrayContaining(['Deployment/payments-crossborder-payments-rails', 'Service/payments-crossborder-payments-rails']));
      expect(kinds(prod).filter((name) => name.includes('rails'))).toEqual([]);
      const railsUrl = (objects: KubeObject[]) =>
        workloads(objects)
          .filter((workload) => workload.component !== 'rails')
          .map((workload) => workload.containers[0]!.env!.find((variable) => variable.name === 'RAILS_URL')!.value);
      expect(railsUrl(staging)).toEqual(['http://payments-crossborder-payments-rails:4010', 'http://payments-crossborder-payments-rails:4010']);
      expect(railsUrl(prod)).toEqual(['https://rails.internal.example', 'https://rails.internal.example']);
    });

    it('renders the PrometheusRule from docs/alerts.yml itself, the one copy of the rules', () => {
      const rule = find(render(production).objects, 'PrometheusRule', 'crossborder-payments');
      const alerts = load(readFileSync(join(root, 'docs', 'alerts.yml'), 'utf8')) as { groups: unknown[] };
      expect(rule.spec.groups).toEqual(alerts.groups);
    });

    it('lets the self-hosted worker register the search attributes, and makes the Temporal Cloud one check them', () => {
      const register = (deployment: Deployment) =>
        find(render(deployment).objects, 'Deployment', '-worker').spec.template.spec.containers[0].env.find((variable: { name: string }) => variable.name === 'TEMPORAL_REGISTER_SEARCH_ATTRIBUTES').value;
      expect(register(deployments[0]!)).toBe('true');
      expect(register(production)).toBe('false');
    });

    it('lists in its README every search attribute a Temporal Cloud namespace must be given, with its type', () => {
      const readme = readFileSync(join(chart, 'README.md'), 'utf8');
      const capitalised = (type: string) => type.charAt(0) + type.slice(1).toLowerCase();
      for (const key of ORDER_SEARCH_ATTRIBUTES) expect(readme).toContain(`${key.name}=${capitalised(key.type)}`);
    });
  });

  describe('refuses', () => {
    it.each([
      ['a misspelt key', { 'api.replica': '3' }, /api: Additional property replica is not allowed/],
      ['a secret among the plain settings', { 'config.SANDBOX_API_KEY': '"cbp_live_0123456789"' }, /config.SANDBOX_API_KEY looks like a secret/],
      ['a variable the chart sets itself', { 'config.DATABASE_URL': '"postgres://u:p@db/payments"' }, /config.DATABASE_URL: the chart sets DATABASE_URL itself/],
      ['production without its rails', { 'rails.url': '""' }, /rails.url is required/],
      ['Temporal Cloud without its address', { 'temporal.address': '""' }, /temporal.address is required/],
      ['Temporal Cloud without its namespace', { 'temporal.namespace': '""' }, /temporal.namespace is required/],
      ['a client certificate without its key', { 'temporal.tls.secretName': '"t"', 'temporal.tls.certKey': '"tls.crt"' }, /certKey and temporal.tls.keyKey: give both/],
    ])('%s', (_, settings, message) => {
      const result = helm(templateArgs(with_(production, 'broken', settings)));
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(message);
    });
  });

  describe('its validator rejects', () => {
    it.each([
      ['a misspelt field in an override', { 'api.affinity': JSON.stringify({ nodeAfinity: {} }) }, /unknown field "spec.template.spec.affinity.nodeAfinity"/],
      ['a value of the wrong type', { 'api.tolerations': JSON.stringify([{ operator: 'Exists', tolerationSeconds: 'soon' }]) }, /wrong type: .*tolerationSeconds/],
      ['a quantity that is not one', { 'api.resources.limits.cpu': '"lots"' }, /wrong type: .*quantities must match/],
      ['a required field left out', { 'networkPolicy.metricsFrom': JSON.stringify([{ ipBlock: {} }]) }, /spec.ingress\[1\].from\[0\].ipBlock.cidr: required field is missing/],
      ['a name the API server refuses', { 'api.ingress.hosts': JSON.stringify(['Payments API']) }, /Ingress\/payments-crossborder-payments-api .*spec.rules\[0\].host: a lowercase RFC 1123 subdomain/],
    ])('%s', (_, settings, message) => {
      const { text } = render(with_(production, 'broken', settings));
      const result = kubeValidate(text);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(message);
    });

    it('a kind it does not know, a duplicate key, and a field in the wrong case', () => {
      const result = kubeValidate(
        [
          'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}',
          'apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: a}\nautomountServiceAccountToken: false\nautomountServiceAccountToken: true',
          'apiVersion: v1\nkind: ServiceAccount\nmetadata: {Name: b}',
        ].join('\n---\n'),
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/example.com\/v1 Widget is not a kind this check knows/);
      expect(result.stderr).toMatch(/duplicate|already set/i);
      expect(result.stderr).toMatch(/unknown field "metadata.Name"/);
    });
  });

  describe("its own rules catch", () => {
    let objects: KubeObject[];
    beforeAll(() => {
      objects = render(production).objects;
    });
    const api = (from: KubeObject[]) => find(from, 'Deployment', '-api');
    const apiContainer = (from: KubeObject[]) => api(from).spec.template.spec.containers[0];

    it('a container that may run as root or escalate', () => {
      const { objects: loose } = render(with_(production, 'loose', { securityContext: JSON.stringify({ allowPrivilegeEscalation: true, readOnlyRootFilesystem: false }) }));
      expect(securityProblems(loose)).toEqual(
        expect.arrayContaining([expect.stringMatching(/-api\/api: allowPrivilegeEscalation is not false/), expect.stringMatching(/-worker\/worker: its root filesystem is writable/)]),
      );
      const root = clone(objects);
      api(root).spec.template.spec.securityContext = { runAsUser: 0 };
      delete apiContainer(root).securityContext.runAsNonRoot;
      delete apiContainer(root).resources.limits;
      expect(securityProblems(root)).toEqual(expect.arrayContaining([expect.stringMatching(/runAsNonRoot is not true/), expect.stringMatching(/runs as uid 0/), expect.stringMatching(/no cpu in resources.limits/)]));
    });

    it('a secret in clear', () => {
      const leaked = clone(objects);
      apiContainer(leaked).env.find((variable: { name: string }) => variable.name === 'JWT_SECRET').value = 'x'.repeat(40);
      delete apiContainer(leaked).env.find((variable: { name: string }) => variable.name === 'JWT_SECRET').valueFrom;
      leaked.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'payments-keys' } });
      expect(secretProblems(leaked)).toEqual([expect.stringMatching(/Secret payments-keys/), expect.stringMatching(/JWT_SECRET: a secret given in clear/)]);
    });

    it('a probe on the wrong path or port', () => {
      const wrong = clone(objects);
      apiContainer(wrong).readinessProbe.httpGet.path = '/health';
      find(wrong, 'Deployment', '-worker').spec.template.spec.containers[0].livenessProbe.httpGet.port = 'http';
      expect(probeProblems(wrong)).toEqual([expect.stringMatching(/-api\/api: readinessProbe is not GET \/ready/), expect.stringMatching(/-worker\/worker: livenessProbe is not GET \/health on port metrics/)]);
    });

    it('a missing PodDisruptionBudget', () => {
      expect(disruptionBudgetProblems(objects.filter((object) => !(object.kind === 'PodDisruptionBudget' && object.metadata.name.endsWith('-worker'))))).toEqual([
        expect.stringMatching(/-worker: 0 PodDisruptionBudgets select its pods/),
      ]);
    });

    it('pods no NetworkPolicy covers, and the worker opened to everyone', () => {
      expect(networkProblems(render(with_(production, 'no policies', { 'networkPolicy.enabled': 'false' })).objects)).toHaveLength(2);
      const open = clone(objects);
      delete find(open, 'NetworkPolicy', '-worker').spec.ingress[0].from;
      expect(networkProblems(open)).toEqual([expect.stringMatching(/-worker ingress\[0\]: admits everyone to metrics of worker/)]);
    });

    it('a grace period shorter than the preStop hook and the drain, an api without its hook, a hook of unknown length', () => {
      const short = clone(objects);
      api(short).spec.template.spec.terminationGracePeriodSeconds = 35;
      find(short, 'Deployment', '-worker').spec.template.spec.terminationGracePeriodSeconds = 35;
      expect(shutdownProblems(short)).toEqual([
        expect.stringMatching(/-api: terminationGracePeriodSeconds 35 does not outlast its preStop of 10 s and drain of 25 s/),
        expect.stringMatching(/-worker: terminationGracePeriodSeconds 35 does not outlast its preStop of 0 s and drain of 35 s/),
      ]);
      const hookless = clone(objects);
      delete apiContainer(hookless).lifecycle;
      expect(shutdownProblems(hookless)).toEqual([expect.stringMatching(/-api: no preStop sleep while its endpoints are withdrawn/)]);
      const unknown = clone(objects);
      apiContainer(unknown).lifecycle.preStop.exec.command = ['sh', '-c', 'sleep 10'];
      expect(shutdownProblems(unknown)).toEqual([expect.stringMatching(/-api: a preStop hook of unknown length/), expect.stringMatching(/-api: no preStop sleep/), expect.stringMatching(/-api: terminationGracePeriodSeconds/)]);
    });
  });

  describe('runs what the image runs', () => {
    const image = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8')).at(-1)!;

    it('its user is the uid the pods run as', () => {
      // `node` is uid 1000 in the official Node images.
      expect(instructions(image, 'USER').at(-1)).toBe('node');
      const values = load(readFileSync(join(chart, 'values.yaml'), 'utf8')) as { podSecurityContext: { runAsUser: number } };
      expect(values.podSecurityContext.runAsUser).toBe(1000);
    });

    it("the worker runs the workflow bundle the image carries; the api's preStop runs a sleep its Debian base has", () => {
      expect(environment(image).WORKFLOW_BUNDLE_PATH).toBeDefined();
      const objects = render(production).objects;
      const worker = find(objects, 'Deployment', '-worker').spec.template.spec.containers[0];
      expect(worker.env.map((variable: { name: string }) => variable.name)).not.toContain('WORKFLOW_BUNDLE_PATH');
      expect(find(objects, 'Deployment', '-api').spec.template.spec.containers[0].lifecycle.preStop.exec.command[0]).toBe('sleep');
      expect(image.base).toMatch(/^node:\d+-(bookworm|bullseye|trixie)(-slim)?$/);
    });
  });
});
