import { Client, Connection } from '@temporalio/client';
import type { Env } from '../config/env';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { CommandFailure } from './command';

/** Runs `use` with a client of TEMPORAL_ADDRESS's server, closed afterwards; an unreachable server is a CommandFailure. */
export async function withTemporal<T>(env: Env, use: (client: Client) => Promise<T>): Promise<T> {
  let connection: Connection;
  try {
    connection = await Connection.connect(temporalConnectionOptions(env));
  } catch (error) {
    throw new CommandFailure(`cannot reach Temporal at ${env.TEMPORAL_ADDRESS} (is \`npm start\` running?): ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await use(new Client({ connection, namespace: env.TEMPORAL_NAMESPACE }));
  } finally {
    await connection.close();
  }
}
