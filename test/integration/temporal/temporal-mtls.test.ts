import { Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { readFileSync } from 'node:fs';
import { AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { createServer, Server } from 'node:tls';
import { loadEnv } from '../../../src/config/env';
import { temporalConnectionOptions } from '../../../src/temporal/connection-options';

const tlsFile = (name: string) => join(__dirname, '..', '..', 'support', 'tls', name);

/**
 * Temporal behind mTLS, as docs/security.md describes it: a TLS front that demands a client
 * certificate signed by our CA, in front of the suite's dev server. The certificates are test
 * fixtures (test/support/tls), valid for a century.
 */
describe('Temporal behind mTLS', () => {
  let front: Server;
  let address: string;

  beforeAll(async () => {
    const [host, port] = process.env.TEMPORAL_ADDRESS!.split(':') as [string, string];
    front = createServer(
      {
        key: readFileSync(tlsFile('server.key')),
        cert: readFileSync(tlsFile('server.pem')),
        ca: readFileSync(tlsFile('ca.pem')),
        requestCert: true,
        rejectUnauthorized: true,
        ALPNProtocols: ['h2'],
      },
      (socket) => {
        const upstream = connect(Number(port), host);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      },
    );
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    address = `127.0.0.1:${(front.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => front.close(() => resolve())));

  const envWith = (tls: Record<string, string>) =>
    loadEnv({
      ...process.env,
      TEMPORAL_ADDRESS: address,
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: tlsFile('ca.pem'),
      TEMPORAL_TLS_SERVER_NAME: 'temporal.test',
      ...tls,
    });

  it('lets the api and the worker in with their client certificate', async () => {
    const options = temporalConnectionOptions(
      envWith({
        TEMPORAL_TLS_CLIENT_CERT_PATH: tlsFile('client.pem'),
        TEMPORAL_TLS_CLIENT_KEY_PATH: tlsFile('client.key'),
      }),
    );
    const client = await Connection.connect(options);
    try {
      const info = await client.workflowService.getSystemInfo({});
      expect(info.serverVersion).toEqual(expect.any(String));
    } finally {
      await client.close();
    }
    const worker = await NativeConnection.connect(options);
    await worker.close();
  });

  it('keeps out a process without one', async () => {
    const options = temporalConnectionOptions(envWith({}));
    await expect(Connection.connect({ ...options, connectTimeout: 3000 })).rejects.toThrow();
  });
});
