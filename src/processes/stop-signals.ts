const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Calls `stop` on the first SIGTERM or SIGINT, and keeps the process alive through the ones
 * after it, telling `repeated`: `npm start` sends both (Ctrl-C reaches every process of the
 * terminal, then it stops its children with SIGTERM), and a supervisor may repeat itself,
 * while the process is still finishing what it started. Nothing forces it: the supervisor's
 * SIGKILL does, at the end of its own grace period. Returns what stops listening.
 */
export function onStopSignal(
  stop: (signal: NodeJS.Signals) => void,
  repeated: (signal: NodeJS.Signals) => void = () => undefined,
): () => void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return repeated(signal);
    stopping = true;
    stop(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, handle);
  return () => STOP_SIGNALS.forEach((signal) => process.off(signal, handle));
}
