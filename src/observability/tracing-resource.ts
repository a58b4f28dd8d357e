import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  defaultResource,
  detectResources,
  envDetector,
  Resource,
  resourceFromAttributes,
  serviceInstanceIdDetector,
} from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { PROJECT_ROOT } from '../config/dev-defaults';
import type { TracingOptions } from './tracing-options';

// The semantic conventions keep these among their incubating names, which they ask
// applications to copy rather than import. `deployment.environment` is the name the current
// one (`.name`) replaced, and the one many backends still group by: both are set.
const ATTR_DEPLOYMENT_ENVIRONMENT_NAME = 'deployment.environment.name';
const ATTR_DEPLOYMENT_ENVIRONMENT = 'deployment.environment';

/** The version of this build: package.json's, which the image carries beside dist/. */
const serviceVersion = () =>
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * What every span of this process says about it, weakest first: the SDK's own attributes
 * (`telemetry.sdk.*`); ours (`service.name` of the role, `service.version`, `deployment.environment`
 * and a random `service.instance.id`); then OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME, read
 * by the SDK's own detector, which win over ours. An environment named in OTEL_RESOURCE_ATTRIBUTES
 * under either name is given under both, so that the two never disagree.
 */
export function tracingResource({ serviceName, environment }: TracingOptions): Resource {
  const fromVariables = detectResources({ detectors: [envDetector] });
  const named = fromVariables.attributes;
  const deployment = String(
    named[ATTR_DEPLOYMENT_ENVIRONMENT_NAME] ?? named[ATTR_DEPLOYMENT_ENVIRONMENT] ?? environment,
  );
  return defaultResource()
    .merge(detectResources({ detectors: [serviceInstanceIdDetector] }))
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: serviceName,
        [ATTR_SERVICE_VERSION]: serviceVersion(),
        [ATTR_DEPLOYMENT_ENVIRONMENT_NAME]: deployment,
        [ATTR_DEPLOYMENT_ENVIRONMENT]: deployment,
      }),
    )
    .merge(fromVariables);
}
