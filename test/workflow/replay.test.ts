import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { installRuntimeLogging } from '../../src/temporal/runtime-logging';

/**
 * The determinism safety net: every history recorded by `npm run record-histories` (one per
 * flow, and per workflow version) must replay on today's workflow code. A change that would
 * break a workflow already running in production fails here, in CI, instead of in production.
 * The rule for changing workflows is in docs/workflow-versioning.md.
 */
const HISTORIES = join(__dirname, 'histories');
const files = readdirSync(HISTORIES).filter((name) => name.endsWith('.json')).sort();

describe('recorded workflow histories', () => {
  beforeAll(() => installRuntimeLogging('warn'));

  it('has a history of every recorded flow', () => {
    expect(files.length).toBeGreaterThanOrEqual(21);
  });

  it('replays every one of them on the current workflow code', async () => {
    const histories = files.map((name) => ({ workflowId: name, history: JSON.parse(readFileSync(join(HISTORIES, name), 'utf8')) }));
    const failures: string[] = [];
    let replayed = 0;
    for await (const result of Worker.runReplayHistories({ workflowsPath: require.resolve('../../workflows'), replayName: 'recorded-histories' }, histories)) {
      replayed += 1;
      if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
    expect(replayed).toBe(files.length);
  });
});
