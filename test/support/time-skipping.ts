import { TestWorkflowEnvironment } from '@temporalio/testing';

/**
 * A Temporal test server that skips time whenever every workflow is waiting on a timer, so a
 * 10-minute expiry or a 30-minute retry window passes in milliseconds. `npm test` provides the
 * server (TEMPORAL_TEST_SERVER_PATH, built from Maven Central); without it @temporalio/testing
 * downloads one.
 */
export function createTimeSkippingEnvironment(): Promise<TestWorkflowEnvironment> {
  const path = process.env.TEMPORAL_TEST_SERVER_PATH;
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: path ? { type: 'existing-path', path } : { type: 'cached-download' } },
  });
}
