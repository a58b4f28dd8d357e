import { envSchema } from '../config/env';

/** What this process's traces say about it where the standard variables say nothing. */
export interface TracingOptions {
  /** `service.name`, unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES names the service. */
  serviceName: string;
  /** `deployment.environment`, unless OTEL_RESOURCE_ATTRIBUTES names it. */
  environment: string;
}

const tracingSchema = envSchema.pick({
  OTEL_EXPORTER_OTLP_ENDPOINT: true,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: true,
  OTEL_SDK_DISABLED: true,
  DEPLOYMENT_ENVIRONMENT: true,
  NODE_ENV: true,
});

/**
 * Whether a process of `role` traces, read before its modules load (src/main.ts): when a
 * collector is named (OTEL_EXPORTER_OTLP_ENDPOINT, or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT alone) and
 * OTEL_SDK_DISABLED is not `true`; null otherwise. A malformed variable starts nothing here:
 * the role's loadEnv then stops the process, naming it.
 */
export function tracingOptions(role: string, source: NodeJS.ProcessEnv = process.env): TracingOptions | null {
  const parsed = tracingSchema.safeParse(source);
  if (!parsed.success) return null;
  const env = parsed.data;
  if (env.OTEL_SDK_DISABLED) return null;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT === undefined && env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT === undefined)
    return null;
  return { serviceName: `crossborder-payments-${role}`, environment: env.DEPLOYMENT_ENVIRONMENT ?? env.NODE_ENV };
}
