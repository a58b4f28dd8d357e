import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, loadAll } from 'js-yaml';
import { envSchema, loadCodecServerEnv, loadEnv } from '../../../src/config/env';
import { ORDER_SEARCH_ATTRIBUTES } from '../../../src/temporal/search-attribute-keys';
import { environment, instructions, parseDockerfile, target } from '../../support/dockerfile';
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
import { chart, Deployment, deployments, helm, KUBE_VERSION, production, root, sets, templateArgs, tool, with_ } from './helm-tool';

/**
 * The Helm chart, checked as far as it can be without a cluster: `helm lint --strict` and
 * `helm template` for every environment and Temporal values file, every rendered object decoded
 * strictly into its Kubernetes API type (deploy/helm/validate), and the chart's own rules
 * (chart-rules.ts). `npm test` builds Helm and the validator once per machine and passes them in
 * HELM_PATH and KUBE_VALIDATE_PATH.
 */
/** Temporal without TLS: what a throw-away sandbox whose Temporal has a network of its own may ask for, on purpose. */
const PLAINTEXT = { 'temporal.tls.secretName': '""', 'temporal.tls.caKey': '""', 'temporal.tls.certKey': '""', 'temporal.tls.keyKey': '""', 'temporal.tls.serverName': '""' };
/** The codec server for operators signed in to the Web UI with the company's identity provider. */
const CODEC_SERVER = {
  'codecServer.enabled': 'true',
  'codecServer.corsOrigins': '["https://temporal.internal.example"]',
  'codecServer.auth.jwksUrl': '"https://login.example.com/.well-known/jwks.json"',
  'codecServer.auth.issuer': '"https://login.example.com/"',
  'codecServer.auth.claim': '"groups=payments-pii"',
  'codecServer.from': JSON.stringify([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-internal' } } }]),
};

/** The other shapes the values allow, each rendered and checked like the four above. */
const variants: Deployment[] = [
  with_(production, 'mTLS instead of an API key', { 'temporal.apiKey.secretName': '""', 'temporal.tls.secretName': '"temporal-cloud-mtls"', 'temporal.tls.certKey': '"tls.crt"', 'temporal.tls.keyKey': '"tls.key"' }),
  with_(deployments[0]!, 'Temporal in plain gRPC, on purpose', { ...PLAINTEXT, 'temporal.insecure': 'true' }),
  with_(production, 'the codec server for operators signed in to the Web UI', CODEC_SERVER),
  with_(deployments[0]!, 'the codec server with shared tokens', {
    'codecServer.enabled': 'true',
    'codecServer.auth.tokens.secretName': '"codec-server-tokens"',
    'codecServer.from': JSON.stringify([{ ipBlock: { cidr: '10.8.0.0/16' } }]),
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
    config: JSON.stringify({ LOG_LEVEL: 'warn', QR_EXPIRY_SECONDS: 900, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability:4318', OTEL_SERVICE_NAME: 'payments', DEPLOYMENT_ENVIRONMENT: 'staging' }),
    secretEnv: JSON.stringify({ OTEL_EXPORTER_OTLP_HEADERS: { name: 'otel', key: 'headers' } }),
  }),
];

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

    it('gives the api, the worker and the codec server an environment each accepts, every variable one it reads', () => {
      const secrets: Record<string, string> = {
        JWT_SECRET: randomBytes(32).toString('hex'),
        SECRETS_KEY: randomBytes(32).toString('hex'),
        SECRETS_KEY_PREVIOUS: randomBytes(32).toString('hex'),
        DATABASE_URL: 'postgres://payments:pw@db:5432/payments',
        TEMPORAL_PAYLOAD_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        CODEC_SERVER_TOKENS: randomBytes(24).toString('hex'),
      };
      for (const { component, containers } of workloads(rendered.objects).filter((workload) => ['api', 'worker', 'codec-server'].includes(workload.component))) {
        const env = Object.fromEntries(containers[0]!.env!.map((variable) => [variable.name, variable.value ?? secrets[variable.name] ?? 'from-a-secret']));
        if (component === 'codec-server') {
          expect(loadCodecServerEnv(env)).toMatchObject({ NODE_ENV: 'production', CODEC_SERVER_HOST: '0.0.0.0' });
        } else {
          expect(() => loadEnv(env)).not.toThrow();
          expect(loadEnv(env)).toMatchObject({ NODE_ENV: 'production', METRICS_HOST: '0.0.0.0' });
        }
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

    it('runs the simulator from the sandbox image (the same repository, tagged <tag>-sandbox unless given), the api and the worker from the production image', () => {
      const appVersion = (load(readFileSync(join(chart, 'Chart.yaml'), 'utf8')) as { appVersion: string }).appVersion;
      const images = (deployment: Deployment) =>
        Object.fromEntries(workloads(render(deployment).objects).map((workload) => [workload.component, workload.containers.at(-1)!.image]));
      expect(images(deployments[0]!)).toMatchObject({ api: `crossborder-payments:${appVersion}`, worker: `crossborder-payments:${appVersion}`, rails: `crossborder-payments:${appVersion}-sandbox` });
      expect(images(with_(deployments[0]!, 'a tag of its own', { 'image.repository': '"registry.example/payments"', 'image.tag': '"1.4.0"' }))).toMatchObject({
        api: 'registry.example/payments:1.4.0',
        rails: 'registry.example/payments:1.4.0-sandbox',
      });
      expect(images(with_(deployments[0]!, 'a sandbox image given', { 'rails.simulator.image': JSON.stringify({ repository: 'registry.example/sandbox', tag: 'nightly' }) }))).toMatchObject({
        api: `crossborder-payments:${appVersion}`,
        rails: 'registry.example/sandbox:nightly',
      });
    });

    it('renders the PrometheusRule from docs/alerts.yml itself, the one copy of the rules', () => {
      const rule = find(render(production).objects, 'PrometheusRule', 'crossborder-payments');
      const alerts = load(readFileSync(join(root, 'docs', 'alerts.yml'), 'utf8')) as { groups: unknown[] };
      expect(rule.spec.groups).toEqual(alerts.groups);
    });

    const envOf = (objects: KubeObject[], suffix: string) =>
      Object.fromEntries(
        (find(objects, 'Deployment', suffix).spec.template.spec.containers[0].env as Array<{ name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }>).map((variable) => [
          variable.name,
          variable.value ?? variable.valueFrom!.secretKeyRef,
        ]),
      );

    it('reaches a self-hosted Temporal with mTLS and Temporal Cloud with its API key; encrypts payloads with the keys of the Secret everywhere', () => {
      for (const deployment of deployments) {
        const objects = render(deployment).objects;
        for (const suffix of ['-api', '-worker']) {
          const env = envOf(objects, suffix);
          expect([deployment.name, suffix, env.TEMPORAL_PAYLOAD_KEYS]).toEqual([deployment.name, suffix, { name: 'crossborder-payments-secrets', key: 'TEMPORAL_PAYLOAD_KEYS' }]);
          expect(env).not.toHaveProperty('TEMPORAL_INSECURE');
          if (deployment.name.includes('selfhosted')) {
            expect(env).toMatchObject({ TEMPORAL_TLS_CLIENT_CERT_PATH: expect.any(String), TEMPORAL_TLS_CLIENT_KEY_PATH: expect.any(String), TEMPORAL_TLS_SERVER_CA_CERT_PATH: expect.any(String) });
          } else {
            expect(env.TEMPORAL_API_KEY).toEqual({ name: 'crossborder-payments-temporal-cloud', key: 'TEMPORAL_API_KEY' });
          }
        }
      }
      expect(envOf(render(variants.find((variant) => variant.name.endsWith('in plain gRPC, on purpose'))!).objects, '-worker').TEMPORAL_INSECURE).toBe('true');
    });

    it('deploys no Temporal Web UI, and the codec server only when asked, reachable from its peers only', () => {
      for (const deployment of deployments) {
        const { text, objects } = render(deployment);
        expect(text).not.toMatch(/temporalio\/ui/);
        expect(objects.filter((object) => object.metadata.name.includes('codec-server'))).toEqual([]);
      }
      const objects = render(with_(production, 'codec server', CODEC_SERVER)).objects;
      const policy = find(objects, 'NetworkPolicy', '-codec-server');
      expect(policy.spec.ingress).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }], from: JSON.parse(CODEC_SERVER['codecServer.from']) }]);
      // It calls nobody but the identity provider for its signing keys.
      expect(policy.spec.egress.at(-1)).toEqual({ ports: [{ port: 443, protocol: 'TCP' }] });
      expect(envOf(objects, '-codec-server')).toMatchObject({ CODEC_SERVER_JWT_CLAIM: 'groups=payments-pii', CODEC_SERVER_CORS_ORIGINS: 'https://temporal.internal.example' });
      expect(envOf(objects, '-codec-server')).not.toHaveProperty('DATABASE_URL');
    });

    it('lets the self-hosted worker register the search attributes, and makes the Temporal Cloud one check them', () => {
      const register = (deployment: Deployment) =>
        find(render(deployment).objects, 'Deployment', '-worker').spec.template.spec.containers[0].env.find((variable: { name: string }) => variable.name === 'TEMPORAL_REGISTER_SEARCH_ATTRIBUTES').value;
      expect(register(deployments[0]!)).toBe('true');
      expect(register(production)).toBe('false');
    });

    it("has the api believe x-forwarded-for from the ingress controller's pods only", () => {
      const trusted = (deployment: Deployment) =>
        find(render(deployment).objects, 'Deployment', '-api').spec.template.spec.containers[0].env.find((variable: { name: string }) => variable.name === 'TRUSTED_PROXIES').value;
      expect(trusted(production)).toBe('10.244.0.0/16');
      expect(trusted(with_(production, 'two proxies', { 'api.trustedProxies': JSON.stringify(['10.244.0.0/16', '192.0.2.0/24']) }))).toBe('10.244.0.0/16,192.0.2.0/24');
      expect(trusted(with_(production, 'no ingress', { 'api.ingress.enabled': 'false', 'api.trustedProxies': '[]' }))).toBe('');
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
      ['an ingress without the proxies whose x-forwarded-for the api believes', { 'api.trustedProxies': '[]' }, /api.trustedProxies is required with api.ingress.enabled/],
      ['a client certificate without its key', { 'temporal.tls.secretName': '"t"', 'temporal.tls.certKey': '"tls.crt"' }, /certKey and temporal.tls.keyKey: give both/],
      ['Temporal Cloud in plain gRPC', { 'temporal.apiKey.secretName': '""' }, /temporal.insecure does not match: true/],
      ['Temporal in plain gRPC and TLS at once', { 'temporal.insecure': 'true' }, /temporal.insecure is true, yet temporal.tls or temporal.apiKey is set/],
      ['a codec server that would decode for anyone', { ...CODEC_SERVER, 'codecServer.auth.jwksUrl': '""' }, /codecServer.auth: set jwksUrl \(with issuer and claim\) or tokens.secretName/],
      ['a codec server that would decode for anyone the identity provider knows', { ...CODEC_SERVER, 'codecServer.auth.claim': '""' }, /codecServer.auth.jwksUrl: also set issuer and claim/],
      ['a codec server nobody is said to reach', { ...CODEC_SERVER, 'codecServer.from': '[]' }, /codecServer.from is required/],
    ])('%s', (_, settings, message) => {
      const result = helm(templateArgs(with_(production, 'broken', settings)));
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(message);
    });
  });

  it('refuses a self-hosted Temporal in plain gRPC unless temporal.insecure says it is on purpose', () => {
    const result = helm(templateArgs(with_(deployments[0]!, 'plaintext', PLAINTEXT)));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/temporal.insecure does not match: true/);
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

    it('a codec server, which hands out personal data, opened to everyone or to another port', () => {
      const withCodecServer = render(with_(production, 'codec server', CODEC_SERVER)).objects;
      expect(networkProblems(withCodecServer)).toEqual([]);
      const open = clone(withCodecServer);
      delete find(open, 'NetworkPolicy', '-codec-server').spec.ingress[0].from;
      expect(networkProblems(open)).toEqual([expect.stringMatching(/-codec-server ingress\[0\]: admits everyone to http of codec-server/)]);
      const otherPort = clone(withCodecServer);
      find(otherPort, 'NetworkPolicy', '-codec-server').spec.ingress[0].ports = [];
      expect(networkProblems(otherPort)).toEqual([expect.stringMatching(/-codec-server ingress\[0\]: admits other namespaces to every port/)]);
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
    const image = target(parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8')));

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
