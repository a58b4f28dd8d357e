// The order's lifecycle: its statuses, the transitions between them and what each records, the
// workflow's phases and the checks every action passes. Pure, so the workflow bundle, the
// activities, the repository and the API all ask the same module.
export * from './statuses';
export * from './transitions';
export * from './phases';
export * from './quick-checks';
