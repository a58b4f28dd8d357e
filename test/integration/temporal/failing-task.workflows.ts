// A test-only bundle: a workflow whose every task fails, which the SDK's native core reports in its own log.

/** A bug in workflow code (not a Temporal failure): the workflow task fails and is retried, the workflow stays open. */
export async function failingTaskWorkflow(): Promise<void> {
  throw new TypeError('a bug in the workflow code');
}
