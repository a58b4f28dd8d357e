import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import type { Env } from '../config/env';
import { temporalUsesTls } from '../config/temporal-transport';

export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig;
  apiKey?: string;
}

/**
 * How the api and the worker reach Temporal, from Temporal's standard client variables. Plain
 * gRPC unless configured: TLS is on with TEMPORAL_TLS=true, or as soon as a CA, a client
 * certificate or an API key is given. TEMPORAL_TLS_SERVER_CA_CERT_PATH checks the server's
 * certificate against that CA, TEMPORAL_TLS_CLIENT_CERT_PATH and _KEY_PATH make this process
 * prove itself (mTLS), TEMPORAL_API_KEY is sent as a bearer credential (Temporal Cloud, or a
 * server authorizer). Files are read at start-up, so a missing one stops the process at once.
 */
export function temporalConnectionOptions(env: Env): TemporalConnectionOptions {
  const ca = env.TEMPORAL_TLS_SERVER_CA_CERT_PATH;
  const cert = env.TEMPORAL_TLS_CLIENT_CERT_PATH;
  const key = env.TEMPORAL_TLS_CLIENT_KEY_PATH;
  const serverName = env.TEMPORAL_TLS_SERVER_NAME;
  const tls: TLSConfig | undefined = temporalUsesTls(env)
    ? {
        ...(ca ? { serverRootCACertificate: readFileSync(ca) } : {}),
        ...(cert && key ? { clientCertPair: { crt: readFileSync(cert), key: readFileSync(key) } } : {}),
        ...(serverName ? { serverNameOverride: serverName } : {}),
      }
    : undefined;
  return {
    address: env.TEMPORAL_ADDRESS,
    ...(tls ? { tls } : {}),
    ...(env.TEMPORAL_API_KEY ? { apiKey: env.TEMPORAL_API_KEY } : {}),
  };
}
