import type { CreatedClient } from '../src/auth/clients.service';
import type { Env } from '../src/config/env';
import { metricsUrl } from '../src/observability/metrics-server';

export interface StartedPlaces {
  /** The Temporal Web UI, when `npm start` runs the dev server. */
  temporalUi: string | null;
  /** The codec server that decodes the encrypted payloads for the Web UI and the CLI. */
  codecServer: string;
  /** Where PostgreSQL is, as shown. */
  database: string;
}

/**
 * What `npm start` prints once every part is up. The sandbox client's credentials are shown
 * the one time they are created, except in production: a terminal's scrollback and a
 * process supervisor's log are no place for live credentials. They are in the file either way.
 */
export function startBanner(env: Env, places: StartedPlaces, sandbox: CreatedClient | null): string {
  const lines = [
    '',
    `  API           http://127.0.0.1:${env.PORT}   (docs: /docs, OpenAPI JSON: /docs-json)`,
    `  Rails sim     http://127.0.0.1:${env.RAILS_PORT}`,
    `  Temporal      ${env.TEMPORAL_ADDRESS}${places.temporalUi ? `   (Web UI: ${places.temporalUi})` : ''}`,
    `  Codec server  ${places.codecServer}   (payloads are encrypted: temporal … --codec-endpoint ${places.codecServer})`,
    `  PostgreSQL    ${places.database}`,
    `  Metrics       ${metricsUrl(env.METRICS_HOST, env.API_METRICS_PORT)} (api), ${metricsUrl(env.METRICS_HOST, env.WORKER_METRICS_PORT)} (worker)`,
  ];
  if (sandbox && env.NODE_ENV === 'production') {
    lines.push(
      '',
      '  Sandbox client created; its credentials are in .data/sandbox-credentials.json (not printed in production).',
    );
  } else if (sandbox) {
    lines.push(
      '',
      '  Sandbox client created (shown once; also saved in .data/sandbox-credentials.json):',
      `    client id       ${sandbox.clientId}`,
      `    API key         ${sandbox.apiKey}`,
      `    webhook secret  ${sandbox.webhookSecret}`,
    );
  } else {
    lines.push('', '  Sandbox credentials: .data/sandbox-credentials.json (when this install created them)');
  }
  lines.push('', '  Ctrl-C stops everything.', '');
  return lines.join('\n') + '\n';
}
