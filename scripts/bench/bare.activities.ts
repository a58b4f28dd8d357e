/** The bare run's activity (bare.workflow.ts): nothing at all. Only the bare worker (bare-worker.ts) registers it. */
export function createBenchBareActivities() {
  return {
    async benchBareStep(): Promise<void> {},
  };
}

export type BenchBareActivities = ReturnType<typeof createBenchBareActivities>;
