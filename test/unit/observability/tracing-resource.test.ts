import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tracingResource } from '../../../src/observability/tracing-resource';

/** The resource every span carries: ours by default, the standard variables' where they speak. */
describe('the tracing resource', () => {
  const version = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string })
    .version;
  const options = { serviceName: 'crossborder-payments-api', environment: 'production' };
  afterEach(() => {
    delete process.env.OTEL_SERVICE_NAME;
    delete process.env.OTEL_RESOURCE_ATTRIBUTES;
  });

  it("names the role's service, this build's version, the environment and one instance", () => {
    const { attributes } = tracingResource(options);
    expect(attributes).toMatchObject({
      'service.name': 'crossborder-payments-api',
      'service.version': version,
      'deployment.environment': 'production',
      'deployment.environment.name': 'production',
      'telemetry.sdk.language': 'nodejs',
    });
    expect(attributes['service.instance.id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES over its own, an environment under either name', () => {
    process.env.OTEL_SERVICE_NAME = 'payments-edge';
    process.env.OTEL_RESOURCE_ATTRIBUTES = 'deployment.environment=staging,team.name=payments,service.version=9.9.9';
    expect(tracingResource(options).attributes).toMatchObject({
      'service.name': 'payments-edge',
      'service.version': '9.9.9',
      'deployment.environment': 'staging',
      'deployment.environment.name': 'staging',
      'team.name': 'payments',
    });
    process.env.OTEL_RESOURCE_ATTRIBUTES = 'deployment.environment.name=sandbox,service.name=from-attributes';
    expect(tracingResource(options).attributes).toMatchObject({
      // OTEL_SERVICE_NAME wins over the attributes' service.name, as the specification says.
      'service.name': 'payments-edge',
      'deployment.environment': 'sandbox',
      'deployment.environment.name': 'sandbox',
    });
    delete process.env.OTEL_SERVICE_NAME;
    expect(tracingResource(options).attributes['service.name']).toBe('from-attributes');
  });
});
