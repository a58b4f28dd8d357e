import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { installTemporalRuntime } from '../../src/temporal/runtime';

/**
 * The workflow code the chaos rolling-deploy plan deploys in its last round
 * (scripts/chaos/rolling-deploy.workflows.ts) must be a change made the way
 * docs/workflow-versioning.md says: every history recorded on the deployed code replays on it,
 * so the orders the old workers began finish on the new ones. Without its patched() guard, the
 * timer it adds would break every one of them.
 */
const HISTORIES = join(__dirname, 'histories');

describe("the rolling-deploy plan's changed workflow code", () => {
  beforeAll(() => installTemporalRuntime('warn'));

  it('replays every recorded history of the deployed code', async () => {
    const files = readdirSync(HISTORIES).filter((name) => name.endsWith('.json'));
    const histories = files.map((name) => ({
      workflowId: name,
      history: JSON.parse(readFileSync(join(HISTORIES, name), 'utf8')),
    }));
    const failures: string[] = [];
    let replayed = 0;
    for await (const result of Worker.runReplayHistories(
      { workflowsPath: require.resolve('../../scripts/chaos/rolling-deploy.workflows'), replayName: 'rolling-deploy' },
      histories,
    )) {
      replayed += 1;
      if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
    expect(replayed).toBe(files.length);
  });
});
