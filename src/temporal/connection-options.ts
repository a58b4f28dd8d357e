import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import type { Env } from '../config/env';

export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig;
  apiKey?: string;
}

/**
 * How the api and the worker reach Temporal. Plain gRPC unless configured: with
 * TEMPORAL_TLS_CA_PATH the server's certificate is checked against that CA, with
 * TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH this process proves itself (mTLS), and
 * TEMPORAL_API_KEY is sent as a bearer credential (Temporal Cloud, or a server authorizer).
 * Files are read at start-up, so a missing one stops the process at once.
 */
export function temporalConnectionOptions(env: Env): TemporalConnectionOptions {
  const { TEMPORAL_TLS_CA_PATH: ca, TEMPORAL_TLS_CERT_PATH: cert, TEMPORAL_TLS_KEY_PATH: key, TEMPORAL_TLS_SERVER_NAME: serverName } = env;
  const secured = ca !== undefined || cert !== undefined || env.TEMPORAL_API_KEY !== undefined;
  const tls: TLSConfig | undefined = secured
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
