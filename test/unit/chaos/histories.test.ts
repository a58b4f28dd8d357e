import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { bundlesServed, factsOf } from '../../../scripts/chaos/histories';

const recorded = (name: string) => historyFromJSON(JSON.parse(readFileSync(join(__dirname, '..', '..', 'workflow', 'histories', name), 'utf8')));

describe('what the chaos run reads in a workflow history', () => {
  it('finds the workers that completed its tasks and the patches it recorded', () => {
    expect(factsOf(recorded('order-closed-completed.2026-11-23.json'))).toEqual({ taskPids: [26108], patches: ['12-local-callbacks'] });
  });

  it('tells orders that crossed the deploy from those one code served, and counts the patch marker', () => {
    const variantOf = (pid: number) => (pid < 100 ? 'deployed' : 'patched');
    const served = bundlesServed(
      [
        { taskPids: [1, 2], patches: [] },
        { taskPids: [1, 200], patches: [] },
        { taskPids: [300], patches: ['chaos-rolling-deploy'] },
        { taskPids: [300, 5], patches: ['chaos-rolling-deploy'] },
      ],
      variantOf,
      'chaos-rolling-deploy',
    );
    expect(served).toEqual({ crossed: 2, onlyOld: 1, onlyNew: 1, withMarker: 2 });
  });
});
