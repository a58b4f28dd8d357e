import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The chart and the Go-built tools that check it. `npm test` builds each once per machine
 * (scripts/run.mjs) and passes its path in a variable; running jest directly, export them.
 */
export const root = join(__dirname, '..', '..', '..');
export const chart = join(root, 'deploy', 'helm', 'crossborder-payments');
// The Kubernetes version whose API types the validator decodes into (its go.mod's k8s.io/api).
export const KUBE_VERSION = '1.31.0';

export function tool(variable: string): string {
  const path = process.env[variable];
  if (!path) {
    throw new Error(
      `${variable} is not set: \`npm test\` builds Helm and the chart's validator with Go and sets it; running jest directly, ` +
        'export HELM_PATH=~/.cache/crossborder-payments/helm-v3.16.4/helm KUBE_VALIDATE_PATH=~/.cache/crossborder-payments/kube-validate/kube-validate',
    );
  }
  return path;
}

export function helm(args: string[]) {
  const result = spawnSync(tool('HELM_PATH'), args, { encoding: 'utf8' });
  // Helm notes on stderr that files/alerts.yml is a link (to docs/alerts.yml): not a problem.
  const stderr = result.stderr
    .split('\n')
    .filter((line) => line && !/found symbolic link in path/.test(line))
    .join('\n');
  return { status: result.status, stdout: result.stdout, stderr };
}

const valuesFile = (name: string) => join(chart, `values-${name}.yaml`);
export const sets = (settings: Record<string, string>) => Object.entries(settings).flatMap(([key, value]) => ['--set-json', `${key}=${value}`]);

export interface Deployment {
  name: string;
  files: string[];
  settings: Record<string, string>;
}

/** What an operator gives on the command line besides the files, as the files' comments say. */
const RAILS = { 'rails.url': '"https://rails.internal.example"' };
const CLOUD = { 'temporal.address': '"payments-prod.a1b2c.tmprl.cloud:7233"', 'temporal.namespace': '"payments-prod.a1b2c"' };
/** The ingress controller's pods, whose x-forwarded-for the api believes. */
const INGRESS_PROXIES = { 'api.trustedProxies': JSON.stringify(['10.244.0.0/16']) };
const ENVIRONMENTS: Record<string, Record<string, string>> = { staging: INGRESS_PROXIES, production: { ...RAILS, ...INGRESS_PROXIES } };
const TEMPORALS: Record<string, Record<string, string>> = { selfhosted: {}, cloud: CLOUD };

/** The four deployments the values files describe, each as an operator installs it. */
export const deployments: Deployment[] = Object.entries(ENVIRONMENTS).flatMap(([environment, environmentSettings]) =>
  Object.entries(TEMPORALS).map(([temporal, temporalSettings]) => ({
    name: `${environment} on ${temporal} Temporal`,
    files: [valuesFile(environment), valuesFile(`temporal-${temporal}`)],
    settings: { ...environmentSettings, ...temporalSettings },
  })),
);
export const production = deployments.find((deployment) => deployment.name === 'production on cloud Temporal')!;
export const with_ = (base: Deployment, name: string, settings: Record<string, string>): Deployment => ({ name: `${base.name}, ${name}`, files: base.files, settings: { ...base.settings, ...settings } });

/** `helm template` of a deployment, with the Kubernetes version the validator knows. */
export function templateArgs({ files, settings }: Deployment): string[] {
  return ['template', 'payments', chart, '--namespace', 'payments', '--kube-version', KUBE_VERSION, ...files.flatMap((file) => ['-f', file]), ...sets(settings)];
}
