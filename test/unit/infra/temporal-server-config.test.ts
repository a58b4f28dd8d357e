import { load } from 'js-yaml';
import {
  asYaml,
  DYNAMIC_CONFIG,
  dynamicConfigArgs,
  listenerCount,
  servicePorts,
  TEMPORAL_SERVICES,
  temporalDynamicConfig,
  temporalServerConfig,
  temporalUiConfig,
} from '../../../dev/temporal-postgres/server-config';

const ports = servicePorts([7233, 41001, 41002, 41003, 42000, 42001, 42002, 42003]);
const database = { host: '127.0.0.1', port: 54329, user: 'postgres', password: 'secret' };
const config = temporalServerConfig({
  ports,
  database,
  dynamicConfigPath: '/run/dynamic-config.yaml',
  logLevel: 'warn',
});

describe('the Temporal server configuration', () => {
  it('makes the first port the frontend, which clients and the cluster record reach', () => {
    expect(config.services.frontend.rpc.grpcPort).toBe(7233);
    expect(config.publicClient.hostPort).toBe('127.0.0.1:7233');
    expect(config.clusterMetadata.clusterInformation.active.rpcAddress).toBe('127.0.0.1:7233');
  });

  it('binds every service, and its membership ring, to loopback only, on the ports it was given', () => {
    for (const service of TEMPORAL_SERVICES) {
      expect(config.services[service].rpc).toEqual({
        grpcPort: ports[service].grpc,
        membershipPort: ports[service].membership,
        bindOnIP: '127.0.0.1',
      });
    }
    expect(config.global.membership.broadcastAddress).toBe('127.0.0.1');
    // No listener beyond the services': no HTTP API, metrics or pprof port.
    expect(JSON.stringify(config)).not.toMatch(/httpPort|prometheus|pprof|0\.0\.0\.0/);
  });

  it('binds the frontend alone where it is told to, the other services and the ring staying on loopback', () => {
    const inNamespace = temporalServerConfig({
      ports,
      database,
      dynamicConfigPath: '/run/dynamic-config.yaml',
      logLevel: 'warn',
      frontendListenAddress: '0.0.0.0',
    });
    expect(inNamespace.services.frontend.rpc.bindOnIP).toBe('0.0.0.0');
    for (const service of TEMPORAL_SERVICES.filter((name) => name !== 'frontend'))
      expect(inNamespace.services[service].rpc.bindOnIP).toBe('127.0.0.1');
    expect(inNamespace.global.membership.broadcastAddress).toBe('127.0.0.1');
    expect(inNamespace.publicClient.hostPort).toBe('127.0.0.1:7233');
  });

  it('persists history and visibility in their own PostgreSQL databases on the given server', () => {
    const stores = config.persistence.datastores;
    expect(stores[config.persistence.defaultStore as keyof typeof stores].sql).toMatchObject({
      pluginName: 'postgres12',
      databaseName: 'temporal',
      connectAddr: '127.0.0.1:54329',
      user: 'postgres',
      password: 'secret',
    });
    expect(stores[config.persistence.visibilityStore as keyof typeof stores].sql).toMatchObject({
      pluginName: 'postgres12',
      databaseName: 'temporal_visibility',
      connectAddr: '127.0.0.1:54329',
    });
  });

  it('keeps archival off and reads the dynamic config file it is pointed at', () => {
    expect(config.archival).toEqual({ history: { state: 'disabled' }, visibility: { state: 'disabled' } });
    expect(config.namespaceDefaults.archival).toEqual({
      history: { state: 'disabled' },
      visibility: { state: 'disabled' },
    });
    expect(config.dynamicConfigClient.filepath).toBe('/run/dynamic-config.yaml');
  });

  it('is written as YAML that reads back as the same configuration', () => {
    expect(load(asYaml(config))).toEqual(config);
  });
});

describe('the services ports', () => {
  it('needs a gRPC and a membership port per service, all distinct', () => {
    expect(listenerCount()).toBe(8);
    expect(() => servicePorts([1, 2, 3])).toThrow(/8 distinct ports/);
    expect(() => servicePorts([7233, 2, 3, 4, 5, 6, 7, 7233])).toThrow(/distinct/);
  });
});

describe('the dynamic config', () => {
  it('turns workflow updates, update-with-start and schedules on, in the file format of constrained values', () => {
    const file = load(asYaml(temporalDynamicConfig())) as Record<
      string,
      Array<{ value: unknown; constraints: object }>
    >;
    for (const key of [
      'frontend.enableUpdateWorkflowExecution',
      'frontend.enableUpdateWorkflowExecutionAsyncAccepted',
      'frontend.enableExecuteMultiOperation',
      'frontend.enableSchedules',
    ]) {
      expect(file[key]).toEqual([{ value: true, constraints: {} }]);
    }
    expect(Object.keys(file)).toEqual(Object.keys(DYNAMIC_CONFIG));
  });

  it('lets a history shard read its transfer queue far more often than the 20 times a second it would by default', () => {
    expect(temporalDynamicConfig()['history.transferProcessorMaxPollRPS']).toEqual([{ value: 1000, constraints: {} }]);
  });

  it('gives the dev server the same values on its command line, each as JSON after its key', () => {
    const args = dynamicConfigArgs();
    expect(args.filter((_arg, index) => index % 2 === 0).every((flag) => flag === '--dynamic-config-value')).toBe(true);
    const given = Object.fromEntries(
      args
        .filter((_arg, index) => index % 2 === 1)
        .map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), JSON.parse(pair.slice(at + 1)) as unknown];
        }),
    );
    expect(given).toEqual(DYNAMIC_CONFIG);
    expect(dynamicConfigArgs({ 'matching.numTaskqueueReadPartitions': 1, 'some.flag': false })).toEqual([
      '--dynamic-config-value',
      'matching.numTaskqueueReadPartitions=1',
      '--dynamic-config-value',
      'some.flag=false',
    ]);
  });
});

describe('the Web UI server configuration', () => {
  it('listens on loopback and talks to the given frontend', () => {
    expect(temporalUiConfig({ port: 8233, frontendAddress: '127.0.0.1:7233' })).toMatchObject({
      host: '127.0.0.1',
      port: 8233,
      temporalGrpcAddress: '127.0.0.1:7233',
      enableUi: true,
      defaultNamespace: 'default',
    });
  });

  it('decodes the encrypted payloads with the codec server it is given, and knows of none otherwise', () => {
    expect(
      temporalUiConfig({ port: 8233, frontendAddress: '127.0.0.1:7233', codecEndpoint: 'http://127.0.0.1:8888' }).codec,
    ).toEqual({ endpoint: 'http://127.0.0.1:8888' });
    expect(temporalUiConfig({ port: 8233, frontendAddress: '127.0.0.1:7233' })).not.toHaveProperty('codec');
  });
});
