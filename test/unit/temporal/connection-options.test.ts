import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../../../src/config/env';
import { temporalConnectionOptions } from '../../../src/temporal/connection-options';

const required = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  JWT_SECRET: 'j'.repeat(32),
  SECRETS_KEY: 's'.repeat(32),
  TEMPORAL_ADDRESS: 'temporal.internal:7233',
};

describe('Temporal connection options', () => {
  const dir = mkdtempSync(join(tmpdir(), 'temporal-tls-'));
  const file = (name: string, content: string) => {
    writeFileSync(join(dir, name), content);
    return join(dir, name);
  };
  const ca = file('ca.pem', 'CA CERTIFICATE');
  const cert = file('worker.pem', 'CLIENT CERTIFICATE');
  const key = file('worker.key', 'CLIENT KEY');

  it('are plain gRPC to TEMPORAL_ADDRESS unless TLS is configured', () => {
    expect(temporalConnectionOptions(loadEnv(required))).toEqual({ address: 'temporal.internal:7233' });
  });

  it('carry the CA, the client certificate pair and the server name for mTLS', () => {
    const env = loadEnv({
      ...required,
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca,
      TEMPORAL_TLS_CLIENT_CERT_PATH: cert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: key,
      TEMPORAL_TLS_SERVER_NAME: 'temporal',
    });
    expect(temporalConnectionOptions(env)).toEqual({
      address: 'temporal.internal:7233',
      tls: {
        serverRootCACertificate: Buffer.from('CA CERTIFICATE'),
        clientCertPair: { crt: Buffer.from('CLIENT CERTIFICATE'), key: Buffer.from('CLIENT KEY') },
        serverNameOverride: 'temporal',
      },
    });
  });

  it('send an API key over TLS', () => {
    expect(temporalConnectionOptions(loadEnv({ ...required, TEMPORAL_API_KEY: 'tk_123' }))).toEqual({
      address: 'temporal.internal:7233',
      tls: {},
      apiKey: 'tk_123',
    });
  });

  it('turn TLS on or off with TEMPORAL_TLS', () => {
    expect(temporalConnectionOptions(loadEnv({ ...required, TEMPORAL_TLS: 'true' }))).toEqual({
      address: 'temporal.internal:7233',
      tls: {},
    });
    expect(
      temporalConnectionOptions(loadEnv({ ...required, TEMPORAL_TLS: 'false', TEMPORAL_API_KEY: 'tk_123' })),
    ).toEqual({ address: 'temporal.internal:7233', apiKey: 'tk_123' });
  });

  it('stop the process at start-up when a file is missing or the pair is half given', () => {
    expect(() =>
      temporalConnectionOptions(loadEnv({ ...required, TEMPORAL_TLS_SERVER_CA_CERT_PATH: join(dir, 'missing.pem') })),
    ).toThrow(/ENOENT/);
    expect(() => loadEnv({ ...required, TEMPORAL_TLS_CLIENT_CERT_PATH: cert })).toThrow(
      /TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH: set both or neither/,
    );
  });
});
