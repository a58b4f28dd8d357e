import { NativeConnection, Worker } from '@temporalio/worker';
import { loadEnv } from '../../src/config/env';
import { temporalConnectionOptions } from '../../src/temporal/connection-options';
import { temporalDataConverter } from '../../src/temporal/payload-codec';
import { installTemporalRuntime } from '../../src/temporal/runtime';
import { serveHelper, startHelper } from '../shared/helper-process';
import { createBenchBareActivities } from './bare.activities';

export interface BareWorker {
  /** Its process, whose CPU the bare run measures as the engine run measures the order worker's. */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The bare run's worker (bare.workflow.ts and its no-op activity, nothing of the service's) in a
 * process of its own, as the order worker is: polling `taskQueue` on the Temporal that `env`
 * names, with `env`'s connection settings.
 */
export async function startBareWorker(env: NodeJS.ProcessEnv, taskQueue: string): Promise<BareWorker> {
  const helper = await startHelper<Record<string, never>>(__filename, { taskQueue }, [], env);
  return { pid: helper.pid, stop: helper.stop };
}

async function serve(spec: { taskQueue: string }) {
  const env = loadEnv();
  // The parent says when it stops (serveHelper), not the runtime on a signal.
  installTemporalRuntime(env.LOG_LEVEL, { ownSignals: true });
  const connection = await NativeConnection.connect(temporalConnectionOptions(env));
  const worker = await Worker.create({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: spec.taskQueue,
    // Encrypted as the order worker's are, so that the bare flow pays for the codec too.
    dataConverter: temporalDataConverter(env),
    workflowsPath: require.resolve('./bare.workflow'),
    activities: createBenchBareActivities(),
  });
  const running = worker.run();
  return {
    ready: {},
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

if (require.main === module) serveHelper('bare worker', serve);
