import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { footprintOf } from '../../../scripts/bench/footprint';

const recorded = (name: string) => historyFromJSON(JSON.parse(readFileSync(join(__dirname, '..', '..', 'workflow', 'histories', name), 'utf8'))).events ?? [];

describe('footprintOf', () => {
  it('counts the tasks of a recorded closed-amount order: its workflow tasks, callback and payout activities, database steps', () => {
    expect(footprintOf(recorded('order-closed-completed.2026-11-22.json'))).toEqual({
      workflowTasks: 6,
      activityTasks: 4,
      localActivities: 3,
      childWorkflows: 0,
      children: [],
    });
  });

  it('names the children an order started, so their own tasks can be added', () => {
    const footprint = footprintOf(recorded('order-callback-handed-over.2026-11-22.json'));
    expect(footprint.childWorkflows).toBeGreaterThan(0);
    expect(footprint.children).toHaveLength(footprint.childWorkflows);
    expect(footprint.children.every((id) => id.startsWith('notification-'))).toBe(true);
  });
});
