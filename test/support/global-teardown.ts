interface Stoppable {
  stop(): Promise<void>;
}

export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as Record<string, unknown>).__testInfra as
    { database: Stoppable; temporal: Stoppable } | undefined;
  if (!infra) return;
  await infra.temporal.stop();
  await infra.database.stop();
}
