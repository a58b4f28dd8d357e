import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, YAML11_SCHEMA } from 'js-yaml';
import { PROJECT_ROOT } from '../../src/config/dev-defaults';

/** docker-compose.yml, read as compose reads it, and its variable substitution for the forms it uses. */
export interface ComposeService {
  image?: string;
  /** `.` for the default target (the production image), or a context and a target of the Dockerfile. */
  build?: string | { context: string; target?: string };
  command?: string[];
  entrypoint?: string[];
  profiles?: string[];
  ports?: string[];
  restart?: string;
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}

export const composeText = readFileSync(join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8');
// Compose reads YAML 1.1, merge keys (`<<: *service-env`) included.
export const compose = load(composeText, { schema: YAML11_SCHEMA }) as { services: Record<string, ComposeService> };

export function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (given[name] !== undefined) return given[name];
    if (kind === '?') throw new Error(`compose refuses to start: ${rest}`);
    return kind === '-' ? rest! : '';
  });
}

/** A service's environment as its container gets it, with `given` for the variables compose substitutes. */
export const environmentOf = (service: string, given: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(compose.services[service]!.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), given),
    ]),
  );

/** A bind mount's file in the repository, by where the service sees it. */
export function mountedFile(service: string, target: string): string {
  const mount = (compose.services[service]!.volumes ?? [])
    .map((volume) => volume.split(':'))
    .find(([, inside]) => inside === target);
  if (!mount) throw new Error(`${service} mounts nothing at ${target}`);
  return join(PROJECT_ROOT, mount[0]!);
}
