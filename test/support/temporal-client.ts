import { Client, Connection } from '@temporalio/client';
import { Env, loadEnv } from '../../src/config/env';
import { temporalDataConverter } from '../../src/temporal/payload-codec';

/**
 * A client of the tests' Temporal (TEMPORAL_ADDRESS) that reads and writes payloads as the
 * service's own processes do, encrypted with TEMPORAL_PAYLOAD_KEYS (the global setup's), so a
 * test can query, update and read the results of the workflows a test worker runs.
 */
export async function testTemporalClient(env: Env = loadEnv(process.env)): Promise<Client> {
  const connection = await Connection.connect({ address: env.TEMPORAL_ADDRESS });
  return new Client({ connection, namespace: env.TEMPORAL_NAMESPACE, dataConverter: temporalDataConverter(env) });
}
