// No framework here: tracing reads it before the role's modules load.

/** The probes' paths: a balancer asks them every few seconds, so they are neither logged nor traced. */
export const PROBE_PATHS = ['/health', '/ready'];

export const isProbePath = (url: string | undefined) => PROBE_PATHS.includes((url ?? '').split('?')[0]!);
