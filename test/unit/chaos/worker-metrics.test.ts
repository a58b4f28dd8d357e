import { activitiesEnded } from '../../../scripts/chaos/checks';
import { activityTimesOf } from '../../../scripts/chaos/worker-metrics';
import { parseExposition } from '../../../scripts/shared/prometheus-text';

const exposition = (acceptBuckets: number[], slotsUsed: number) => {
  const bounds = ['0.05', '0.1', '0.5', '1', '2.5', '10', '+Inf'];
  const labels = 'activity_type="acceptOrder",namespace="default",task_queue="orders-chaos"';
  return [
    ...bounds.map(
      (le, i) => `temporal_local_activity_execution_latency_seconds_bucket{${labels},le="${le}"} ${acceptBuckets[i]}`,
    ),
    `temporal_local_activity_execution_latency_seconds_sum{${labels}} 30.5`,
    `temporal_local_activity_execution_latency_seconds_count{${labels}} ${acceptBuckets.at(-1)}`,
    'temporal_activity_execution_latency_seconds_bucket{activity_type="sendPayout",le="10"} 4',
    'temporal_activity_execution_latency_seconds_sum{activity_type="sendPayout"} 0.2',
    'temporal_activity_execution_latency_seconds_count{activity_type="sendPayout"} 4',
    `temporal_worker_task_slots_used{worker_type="ActivityWorker"} 0`,
    `temporal_worker_task_slots_used{worker_type="LocalActivityWorker"} ${slotsUsed}`,
    `temporal_worker_task_slots_used{worker_type="WorkflowWorker"} 3`,
  ].join('\n');
};

describe("what the workers' metrics say of their activities", () => {
  it('counts every attempt per activity type, its mean, those over 10 s, and the slots still taken', () => {
    const times = activityTimesOf(parseExposition(exposition([1, 2, 5, 6, 8, 9, 10], 1)));
    expect(times).toEqual({
      types: [
        { kind: 'activity', type: 'sendPayout', attempts: 4, meanMs: 50, overTenSeconds: 0 },
        { kind: 'local activity', type: 'acceptOrder', attempts: 10, meanMs: 3050, overTenSeconds: 1 },
      ],
      stillRunning: 1,
    });
  });

  it('passes when nothing still runs once the orders settled, noting the slow attempts', () => {
    const ended = activitiesEnded({
      ...activityTimesOf(parseExposition(exposition([1, 2, 5, 6, 8, 9, 10], 0))),
      unread: [],
    });
    expect(ended.violations).toEqual([]);
    expect(ended.notes).toEqual(['1 of 10 local activity acceptOrder attempts took over 10 s']);
    const hung = activitiesEnded({
      ...activityTimesOf(parseExposition(exposition([1, 2, 5, 6, 8, 9, 10], 2))),
      unread: ['http://198.18.0.5:9465/metrics: fetch failed'],
    });
    expect(hung.violations).toEqual([
      '2 activities were still running once every order had settled',
      "could not read a worker's metrics: http://198.18.0.5:9465/metrics: fetch failed",
    ]);
  });
});
