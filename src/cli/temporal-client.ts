import { Client, Connection } from '@temporalio/client';
import type { Env } from '../config/env';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { temporalDataConverter } from '../temporal/payload-codec';
import { CommandFailure } from './command';

/**
 * Runs `use` with a client of TEMPORAL_ADDRESS's server, closed afterwards; an unreachable server is a CommandFailure.
 * It encrypts and decrypts payloads with TEMPORAL_PAYLOAD_KEYS, as the api and the worker do.
 */
export async function withTemporal<T>(env: Env, use: (client: Client) => Promise<T>): Promise<T> {
  let connection: Connection;
  try {
    connection = await Connection.connect(temporalConnectionOptions(env));
  } catch (error) {
    throw new CommandFailure(
      `cannot reach Temporal at ${env.TEMPORAL_ADDRESS} (is \`npm start\` running?): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return await use(
      new Client({ connection, namespace: env.TEMPORAL_NAMESPACE, dataConverter: temporalDataConverter(env) }),
    );
  } finally {
    await connection.close();
  }
}
