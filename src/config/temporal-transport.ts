import { isIP } from 'node:net';

/** The settings that say how a process reaches Temporal (Temporal's standard client variables). */
export interface TemporalTransportSettings {
  TEMPORAL_ADDRESS: string;
  TEMPORAL_TLS?: boolean;
  TEMPORAL_TLS_SERVER_CA_CERT_PATH?: string;
  TEMPORAL_TLS_CLIENT_CERT_PATH?: string;
  TEMPORAL_API_KEY?: string;
}

/**
 * Whether the connection to Temporal is TLS: TEMPORAL_TLS says so when set, else TLS is on as
 * soon as a CA, a client certificate or an API key is given (an API key is never sent in clear).
 */
export function temporalUsesTls(env: TemporalTransportSettings): boolean {
  return (
    env.TEMPORAL_TLS ??
    (env.TEMPORAL_TLS_SERVER_CA_CERT_PATH !== undefined ||
      env.TEMPORAL_TLS_CLIENT_CERT_PATH !== undefined ||
      env.TEMPORAL_API_KEY !== undefined)
  );
}

/** Whether `host:port` (or `[v6]:port`) names this machine: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackAddress(address: string): boolean {
  const host = address.startsWith('[') ? address.slice(1, address.indexOf(']')) : address.replace(/:\d+$/, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && (host === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(host));
}
