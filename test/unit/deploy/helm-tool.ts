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
