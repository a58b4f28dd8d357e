import { createRailsSimulator } from '../../sim/rails/rails-simulator.server';
import { serveHelper, startHelper } from '../shared/helper-process';
import { RailCall, railCallOf } from './rail-calls';

export interface RailsHost {
  /** Its URL on loopback: the port; a client in another namespace swaps in its link's address. */
  port: number;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The rails simulator in a process of its own (in a network namespace of its own when
 * `wrapper` says `ip netns exec NAME`), on every address it has (loopback alone outside a
 * namespace). It tells `onCall` of every call it receives, so the run can count what each
 * rail fault met.
 */
export async function startRailsHost(
  onCall: (call: RailCall) => void,
  wrapper: readonly string[] = [],
): Promise<RailsHost> {
  const helper = await startHelper<{ port: number }>(
    __filename,
    { host: wrapper.length ? '0.0.0.0' : '127.0.0.1' },
    wrapper,
  );
  helper.onMessage((message) => onCall((message as { call: RailCall }).call));
  return { port: helper.ready.port, pid: helper.pid, stop: helper.stop };
}

async function serve(spec: { host: string }, send: (message: unknown) => void) {
  const simulator = createRailsSimulator();
  simulator.server.on('request', (request) => {
    const call = railCallOf(request.method, request.url);
    if (call) send({ call });
  });
  const port = await simulator.listen(0, spec.host);
  return { ready: { port }, stop: () => simulator.close() };
}

if (require.main === module) serveHelper('rails host', serve);
