import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { footprintOf } from '../../../scripts/bench/footprint';

const recorded = (name: string) =>
  historyFromJSON(JSON.parse(readFileSync(join(__dirname, '..', '..', 'workflow', 'histories', name), 'utf8')))
    .events ?? [];

describe('footprintOf', () => {
  it('counts the tasks of a recorded closed-amount order: its workflow tasks, callback and payout activities, database steps', () => {
    expect(footprintOf(recorded('order-closed-completed.2026-11-22.json'))).toMatchObject({
      workflowTasks: 6,
      activityTasks: 4,
      localActivities: 3,
      childWorkflows: 0,
      children: [],
    });
  });

  it("times each task from its scheduling to a worker's start, in history order", () => {
    const { dispatchMs } = footprintOf(recorded('order-closed-completed.2026-11-22.json'));
    // Six workflow tasks and four activities started; the first waited 21:01:43.830142521 → .844711160.
    expect(dispatchMs).toHaveLength(10);
    expect(dispatchMs[0]).toBeCloseTo(14.569, 2);
    // The third activity (event 31) was scheduled at event 20, before the second's (event 22).
    expect(dispatchMs[6]).toBeCloseTo(8.641, 2);
    expect(dispatchMs.every((delay) => delay >= 0)).toBe(true);
  });

  it('names the children an order started, so their own tasks can be added', () => {
    const footprint = footprintOf(recorded('order-callback-handed-over.2026-11-22.json'));
    expect(footprint.childWorkflows).toBeGreaterThan(0);
    expect(footprint.children).toHaveLength(footprint.childWorkflows);
    expect(footprint.children.every((id) => id.startsWith('notification-'))).toBe(true);
  });
});
