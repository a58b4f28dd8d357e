/** The bare run's activity (bare.workflow.ts): nothing at all. Only the bench's own worker registers it. */
export function createBenchBareActivities() {
  return {
    async benchBareStep(): Promise<void> {},
  };
}

export type BenchBareActivities = ReturnType<typeof createBenchBareActivities>;
