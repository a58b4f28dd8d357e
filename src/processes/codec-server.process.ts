import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createCodecServer } from '../codec-server/codec-server';
import { operatorAuthorizer } from '../codec-server/operator-authorizer';
import { withDevDefaults } from '../config/dev-defaults';
import { loadCodecServerEnv } from '../config/env';
import { LOG_REDACTION } from '../http/logging';
import { payloadCodec } from '../temporal/payload-codec';
import { onStopSignal } from './stop-signals';

/**
 * The codec server (`npm run codec-server`, `main.js codec-server`): decodes the service's
 * encrypted Temporal payloads for the Web UI and the CLI of operators who may see them
 * (src/codec-server). It needs the payload keys and nothing of PostgreSQL or Temporal; outside
 * production, the keys `npm start` derives from its development secrets.
 */
export async function runCodecServer(): Promise<void> {
  const env = loadCodecServerEnv(withDevDefaults(process.env));
  const log = pino({ level: env.LOG_LEVEL, base: { process: 'codec-server' }, redact: LOG_REDACTION });
  const server = createCodecServer({
    codec: payloadCodec(env),
    authorize: operatorAuthorizer(env),
    corsOrigins: env.CODEC_SERVER_CORS_ORIGINS,
    log,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.CODEC_SERVER_PORT, env.CODEC_SERVER_HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  log.info(
    {
      host: env.CODEC_SERVER_HOST,
      port,
      corsOrigins: env.CODEC_SERVER_CORS_ORIGINS,
      unauthenticated: env.CODEC_SERVER_ALLOW_UNAUTHENTICATED,
    },
    'codec server listening',
  );
  onStopSignal(() => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
