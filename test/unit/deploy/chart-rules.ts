/**
 * The Helm chart's own rules (deploy/helm/crossborder-payments), checked on what it renders.
 * Kubernetes' rules (types, required fields, names) are deploy/helm/validate's; these are ours:
 * every container locked down and bounded, no secret in clear, probes on the right paths and
 * ports, a disruption budget per scaled component, selectors that pick what they mean, only the
 * api's port open beyond the namespace, and a grace period that covers the processes' drain.
 * Each returns the problems it found; none is the chart keeping its rules.
 */

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  /** Free-form here: each rule reads the fields it checks. */
  spec?: any;
}

interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: unknown[];
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  securityContext?: Record<string, unknown> & { capabilities?: { drop?: string[]; add?: string[] } };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number }; httpGet?: unknown } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}
export interface Workload {
  object: KubeObject;
  component: string;
  labels: Record<string, string>;
  pod: any;
  containers: Container[];
}

const COMPONENT = 'app.kubernetes.io/component';

/** Names whose values are secrets: given only by reference to a Secret. */
export const SECRET_NAME = /(SECRET|PASSWORD|PASSWD|TOKENS?|KEYS?|CREDENTIALS?)$|^DATABASE_URL$/;

export function workloads(objects: KubeObject[]): Workload[] {
  return objects
    .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
    .map((object) => {
      const template = object.spec.template;
      const pod = template.spec;
      return {
        object,
        component: template.metadata?.labels?.[COMPONENT] ?? object.metadata.name,
        labels: template.metadata?.labels ?? {},
        pod,
        containers: [...(pod.initContainers ?? []), ...pod.containers],
      };
    });
}

export function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]!);
    if (operator === 'NotIn') return !values.includes(labels[key]!);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return byLabels && byExpressions;
}

const of = (objects: KubeObject[], kind: string) => objects.filter((object) => object.kind === kind);
const envOf = (container: Container) => Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable]));

/** Non-root, no privilege escalation, read-only root, no capability, requests and limits. */
export function securityProblems(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  for (const { object, pod, containers } of workloads(objects)) {
    const podContext = pod.securityContext ?? {};
    if (pod.automountServiceAccountToken !== false) problems.push(`${object.metadata.name}: mounts a service account token it never uses`);
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) problems.push(`${object.metadata.name}: shares a host namespace`);
    for (const container of containers) {
      const at = `${object.metadata.name}/${container.name}`;
      const context = container.securityContext ?? {};
      if ((context.runAsNonRoot ?? podContext.runAsNonRoot) !== true) problems.push(`${at}: runAsNonRoot is not true`);
      if ((context.runAsUser ?? podContext.runAsUser) === 0) problems.push(`${at}: runs as uid 0`);
      if (context.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation is not false`);
      if (context.privileged === true) problems.push(`${at}: privileged`);
      if (context.readOnlyRootFilesystem !== true) problems.push(`${at}: its root filesystem is writable`);
      if (!context.capabilities?.drop?.includes('ALL') || (context.capabilities.add ?? []).length > 0) problems.push(`${at}: does not drop every capability`);
      for (const bound of ['requests', 'limits'] as const) {
        for (const resource of ['cpu', 'memory']) {
          if (container.resources?.[bound]?.[resource] === undefined) problems.push(`${at}: no ${resource} in resources.${bound}`);
        }
      }
    }
  }
  return problems;
}

/** The chart only refers to Secrets: it renders none, and every secret variable comes from one. */
export function secretProblems(objects: KubeObject[]): string[] {
  const problems = of(objects, 'Secret').map((secret) => `renders the Secret ${secret.metadata.name}: secrets are created by the operator and referred to`);
  for (const { object, containers } of workloads(objects)) {
    for (const container of containers) {
      for (const variable of container.env ?? []) {
        const at = `${object.metadata.name}/${container.name} ${variable.name}`;
        if (SECRET_NAME.test(variable.name) && !variable.valueFrom?.secretKeyRef) problems.push(`${at}: a secret given in clear, not by secretKeyRef`);
        if (variable.value !== undefined && /:\/\/[^/@\s]+:[^/@\s]+@/.test(variable.value)) problems.push(`${at}: a URL with a password in clear`);
      }
    }
  }
  return problems;
}

/**
 * Where each process serves /health (liveness) and /ready (readiness): the api on its API port,
 * the worker beside its /metrics. The rails simulator and the codec server have /health only.
 * The probed port must be the one the process is told to listen on.
 */
const PROBES: Record<string, { port: string; listens: string; ready: string }> = {
  api: { port: 'http', listens: 'PORT', ready: '/ready' },
  worker: { port: 'metrics', listens: 'WORKER_METRICS_PORT', ready: '/ready' },
  rails: { port: 'http', listens: 'RAILS_PORT', ready: '/health' },
  'codec-server': { port: 'http', listens: 'CODEC_SERVER_PORT', ready: '/health' },
};

export function probeProblems(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  for (const { object, component, containers } of workloads(objects)) {
    const expected = PROBES[component];
    if (!expected) {
      problems.push(`${object.metadata.name}: no probe rule for component ${component}`);
      continue;
    }
    for (const container of containers) {
      const at = `${object.metadata.name}/${container.name}`;
      const port = container.ports?.find((candidate) => candidate.name === expected.port);
      if (!port) problems.push(`${at}: no port named ${expected.port}`);
      else if (String(port.containerPort) !== envOf(container)[expected.listens]?.value) problems.push(`${at}: port ${expected.port} is not ${expected.listens}, where the process listens`);
      const checks: Array<[string, Probe | undefined, string]> = [
        ['livenessProbe', container.livenessProbe, '/health'],
        ['readinessProbe', container.readinessProbe, expected.ready],
      ];
      if (container.startupProbe) checks.push(['startupProbe', container.startupProbe, '/health']);
      for (const [name, probe, path] of checks) {
        if (probe?.httpGet?.path !== path || probe.httpGet.port !== expected.port) problems.push(`${at}: ${name} is not GET ${path} on port ${expected.port}`);
      }
    }
  }
  return problems;
}

/** The api and the worker each have one PodDisruptionBudget that lets one pod go at a time. */
export function disruptionBudgetProblems(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  const budgets = of(objects, 'PodDisruptionBudget');
  for (const { object, component, labels } of workloads(objects).filter((workload) => ['api', 'worker'].includes(workload.component))) {
    const covering = budgets.filter((budget) => selects(budget.spec.selector, labels));
    if (covering.length !== 1) {
      problems.push(`${object.metadata.name}: ${covering.length} PodDisruptionBudgets select its pods, not 1`);
      continue;
    }
    const { maxUnavailable, minAvailable } = covering[0]!.spec;
    if (minAvailable !== undefined || !(Number(maxUnavailable) >= 1 || /^[1-9]\d*%$/.test(String(maxUnavailable)))) {
      problems.push(`${covering[0]!.metadata.name}: must let at least one ${component} pod go (maxUnavailable ≥ 1)`);
    }
  }
  return problems;
}

/** Services, autoscalers and ServiceMonitors point at what exists. */
export function referenceProblems(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  const pods = workloads(objects);
  const services = of(objects, 'Service');
  for (const service of services) {
    const selected = pods.filter((workload) => selects({ matchLabels: service.spec.selector }, workload.labels));
    if (selected.length !== 1) {
      problems.push(`Service ${service.metadata.name}: selects ${selected.length} workloads, not 1`);
      continue;
    }
    const ports = selected[0]!.containers.flatMap((container) => container.ports ?? []);
    for (const port of service.spec.ports) {
      if (!ports.some((candidate) => candidate.name === port.targetPort || candidate.containerPort === port.targetPort)) {
        problems.push(`Service ${service.metadata.name}: targetPort ${port.targetPort} is not a port of ${selected[0]!.object.metadata.name}`);
      }
    }
  }
  for (const autoscaler of of(objects, 'HorizontalPodAutoscaler')) {
    const target = pods.find(({ object }) => object.kind === autoscaler.spec.scaleTargetRef.kind && object.metadata.name === autoscaler.spec.scaleTargetRef.name);
    if (!target) problems.push(`HorizontalPodAutoscaler ${autoscaler.metadata.name}: scales nothing the chart renders`);
    else if (target.object.spec.replicas !== undefined) problems.push(`${target.object.metadata.name}: sets replicas, which its autoscaler owns`);
  }
  for (const monitor of of(objects, 'ServiceMonitor')) {
    const selected = services.filter((service) => selects(monitor.spec.selector, service.metadata.labels ?? {}));
    const component = monitor.metadata.labels?.[COMPONENT];
    if (selected.length !== 1) problems.push(`ServiceMonitor ${monitor.metadata.name}: selects ${selected.length} Services, not 1`);
    for (const endpoint of monitor.spec.endpoints) {
      if (!selected.every((service) => service.spec.ports.some((port: { name: string }) => port.name === endpoint.port))) {
        problems.push(`ServiceMonitor ${monitor.metadata.name}: port ${endpoint.port} is not on the Service it selects`);
      }
      // docs/alerts.yml and the dashboard select the jobs cbp-api and cbp-worker.
      const job = (endpoint.relabelings ?? []).find((relabel: { targetLabel?: string }) => relabel.targetLabel === 'job');
      if (job?.replacement !== `cbp-${component}`) problems.push(`ServiceMonitor ${monitor.metadata.name}: its job is not cbp-${component}`);
    }
  }
  return problems;
}

/**
 * Every pod is under a NetworkPolicy that restricts its ingress; only the api's http port admits
 * everyone; other sources beyond the namespace (namespace selectors, IP blocks) reach only
 * /metrics, and the codec server's port (operators' browsers, through their ingress); the rails
 * simulator admits only pods of its own namespace.
 */
export function networkProblems(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  const pods = workloads(objects);
  const policies = of(objects, 'NetworkPolicy').filter((policy) => (policy.spec.policyTypes ?? ['Ingress']).includes('Ingress'));
  for (const workload of pods) {
    if (!policies.some((policy) => selects(policy.spec.podSelector, workload.labels))) problems.push(`${workload.object.metadata.name}: no NetworkPolicy restricts who reaches it`);
  }
  for (const policy of policies) {
    const components = new Set(pods.filter((workload) => selects(policy.spec.podSelector, workload.labels)).map((workload) => workload.component));
    for (const [index, rule] of (policy.spec.ingress ?? []).entries()) {
      const at = `NetworkPolicy ${policy.metadata.name} ingress[${index}]`;
      const ports: Array<string | number> = (rule.ports ?? []).map((port: { port?: string | number }) => port.port);
      const from: Array<{ namespaceSelector?: unknown; ipBlock?: unknown }> = rule.from ?? [];
      if (from.length === 0) {
        if (![...components].every((component) => component === 'api') || ports.length !== 1 || ports[0] !== 'http') problems.push(`${at}: admits everyone to ${ports.join(', ') || 'every port'} of ${[...components].join(', ')}`);
      } else if (from.some((peer) => peer.namespaceSelector !== undefined || peer.ipBlock !== undefined)) {
        const operators = [...components].every((component) => component === 'codec-server') && ports.length > 0 && ports.every((port) => port === 'http');
        if (!operators && (ports.length === 0 || ports.some((port) => port !== 'metrics'))) problems.push(`${at}: admits other namespaces to ${ports.join(', ') || 'every port'}`);
      }
    }
  }
  return problems;
}

const seconds = (text: string | undefined) => (text && /^\d+s$/.test(text) ? Number(text.slice(0, -1)) : NaN);

/** How long a preStop hook takes: a `sleep` (the exec of the image's, or Kubernetes' own action); NaN for a hook of unknown length. */
function preStopSeconds(container: Container): number {
  const hook = container.lifecycle?.preStop;
  if (!hook) return 0;
  if (hook.sleep) return hook.sleep.seconds;
  const [command, duration, ...rest] = hook.exec?.command ?? [];
  return command === 'sleep' && rest.length === 0 && /^\d+$/.test(duration ?? '') ? Number(duration) : NaN;
}

/** The worker's SDK gives activities that ignore their cancellation this long past SHUTDOWN_GRACE (worker.process.ts). */
const WORKER_FORCE_AFTER_GRACE = 5;

/**
 * How the api and the worker stop. The api's endpoints take a few seconds to leave kube-proxy and
 * the ingress controller after Kubernetes starts terminating it, while it still gets requests: it
 * has a preStop `sleep` for that, then its own drain on SIGTERM (API_DRAIN_DELAY, then
 * SHUTDOWN_GRACE). The worker, which nothing routes to, stops polling on SIGTERM and gives its
 * tasks SHUTDOWN_GRACE, then 5 s more. Kubernetes kills a pod terminationGracePeriodSeconds after
 * the hook starts: that must outlast all of it, with room to close connections.
 */
export function shutdownProblems(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  for (const { object, component, pod, containers } of workloads(objects).filter((workload) => ['api', 'worker'].includes(workload.component))) {
    const container = containers[0]!;
    const env = envOf(container);
    const preStop = preStopSeconds(container);
    if (Number.isNaN(preStop)) problems.push(`${object.metadata.name}: a preStop hook of unknown length`);
    if (component === 'api' && !(preStop > 0)) problems.push(`${object.metadata.name}: no preStop sleep while its endpoints are withdrawn`);
    const drain = component === 'api' ? seconds(env.API_DRAIN_DELAY?.value) + seconds(env.SHUTDOWN_GRACE?.value) : seconds(env.SHUTDOWN_GRACE?.value) + WORKER_FORCE_AFTER_GRACE;
    if (!(pod.terminationGracePeriodSeconds > preStop + drain)) {
      problems.push(`${object.metadata.name}: terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds} does not outlast its preStop of ${preStop} s and drain of ${drain} s`);
    }
  }
  return problems;
}

export function chartProblems(objects: KubeObject[]): string[] {
  return [
    ...securityProblems(objects),
    ...secretProblems(objects),
    ...probeProblems(objects),
    ...disruptionBudgetProblems(objects),
    ...referenceProblems(objects),
    ...networkProblems(objects),
    ...shutdownProblems(objects),
  ];
}
