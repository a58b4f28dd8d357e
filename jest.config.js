// Four projects: unit tests need nothing running; workflow tests run the workflows alone on
// Temporal's time-skipping test server (each file starts its own) and replay recorded
// histories; integration and e2e tests share one embedded PostgreSQL and one Temporal dev
// server started by the global setup; the chaos tests run the short chaos plans, each on a
// topology of its own. `npm run record-histories` (RECORD_HISTORIES=1) runs
// only the recorder, on the integration project's infrastructure.
const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
const withInfrastructure = {
  transform,
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

const testProjects = [
  {
    displayName: 'unit',
    testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    transform,
    testEnvironment: 'node',
  },
  {
    displayName: 'workflow',
    testMatch: ['<rootDir>/test/workflow/**/*.test.ts'],
    transform,
    testEnvironment: 'node',
  },
  {
    displayName: 'integration',
    testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/test/e2e/**/*.test.ts'],
    ...withInfrastructure,
    slowTestThreshold: 30,
  },
  // The short chaos plans: each starts its own production topology (`npm run chaos -- --short`).
  {
    displayName: 'chaos',
    testMatch: ['<rootDir>/test/chaos/**/*.test.ts'],
    transform,
    testEnvironment: 'node',
    slowTestThreshold: 300,
  },
];

const recorder = {
  displayName: 'record',
  testMatch: ['<rootDir>/test/recording/**/*.record.ts'],
  ...withInfrastructure,
};

module.exports = {
  projects: process.env.RECORD_HISTORIES === '1' ? [recorder] : testProjects,
  testTimeout: 120000,
};
