import { createTestClient, http, startTestApi, TestApi } from '../../support/test-api';
import {
  createCollector,
  createPos,
  createStore,
  Http,
  MALFORMED_UUID,
  MISSING_UUID,
  storeBody,
} from './merchant-fixtures';

describe('stores', () => {
  let api: TestApi;
  let client: Http;
  let otherClient: Http;

  beforeAll(async () => {
    api = await startTestApi();
    client = http(api.baseUrl, (await createTestClient(api, 'Store owner')).token);
    otherClient = http(api.baseUrl, (await createTestClient(api, 'Another client')).token);
  });
  afterAll(() => api.close());

  it('creates a store under a collector with 201 { status, message, uuid } and reads it back with its points of sale', async () => {
    const collectorUuid = await createCollector(client);
    const body = storeBody();
    const response = await client.post(`/collectors/${collectorUuid}/stores`, body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      status: 201,
      message: expect.any(String),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const read = await client.get(`/stores/${response.body.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      uuid: response.body.uuid,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      description: body.description,
      externalReference: body.external_reference,
      address: body.address,
      phone: body.phone,
      manager: body.manager,
      enabled: true,
      point_of_sales: [],
    });
  });

  it('shows its stores in the collector read and lists them, oldest first, without points of sale', async () => {
    const collectorUuid = await createCollector(client);
    const first = await createStore(client, collectorUuid);
    const second = await createStore(client, collectorUuid);
    await createPos(client, first);

    const collector = (await client.get(`/collectors/${collectorUuid}`)).body;
    expect(collector.store.map((store: { uuid: string }) => store.uuid)).toEqual([first, second]);

    const list = await client.get(`/collectors/${collectorUuid}/stores`);
    expect(list.status).toBe(200);
    expect(list.body.map((store: { uuid: string }) => store.uuid)).toEqual([first, second]);
    expect(list.body[0]).not.toHaveProperty('point_of_sales');
    expect(list.body[0]).toMatchObject({ enabled: true, externalReference: expect.any(String) });
  });

  it("shows the store's points of sale as POS list entries in the store read", async () => {
    const collectorUuid = await createCollector(client);
    const storeUuid = await createStore(client, collectorUuid);
    const posUuid = await createPos(client, storeUuid, {
      name: 'Till 7',
      description: 'By the door',
      external_reference: 'till-7',
    });
    const read = (await client.get(`/stores/${storeUuid}`)).body;
    expect(read.point_of_sales).toEqual([
      { name: 'Till 7', description: 'By the door', external_reference: 'till-7', uuid: posUuid, enabled: 'true' },
    ]);
  });

  it('answers 409 { response: { message } } for an external_reference the collector already has, while another collector may reuse it', async () => {
    const collectorUuid = await createCollector(client);
    const body = storeBody();
    await createStore(client, collectorUuid, body);

    const duplicate = await client.post(`/collectors/${collectorUuid}/stores`, body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ response: { message: expect.stringContaining(body.external_reference) } });

    const otherCollector = await createCollector(client);
    expect((await client.post(`/collectors/${otherCollector}/stores`, body)).status).toBe(201);
  });

  it('refuses a store under a disabled collector with 409 { response: { message } }', async () => {
    const collectorUuid = await createCollector(client);
    await client.put(`/collectors/disable/${collectorUuid}`);
    const response = await client.post(`/collectors/${collectorUuid}/stores`, storeBody());
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ response: { message: expect.stringMatching(/disabled/i) } });
    expect((await client.get(`/collectors/${collectorUuid}/stores`)).body).toEqual([]);
  });

  it.each(['description', 'external_reference', 'address', 'phone', 'manager'])(
    'refuses a create body without %s with 400 naming it',
    async (field) => {
      const collectorUuid = await createCollector(client);
      const response = await client.post(`/collectors/${collectorUuid}/stores`, storeBody({ [field]: undefined }));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        message: expect.arrayContaining([expect.stringContaining(field)]),
      });
    },
  );

  it.each([
    ['an unknown field', { name: 'Store' }, 'name'],
    ['an external_reference longer than 100', { external_reference: 'r'.repeat(101) }, 'external_reference'],
    ['a phone with letters', { phone: 'ask for Maria' }, 'phone'],
    ['a blank manager', { manager: '  ' }, 'manager'],
  ])('refuses a create body with %s with 400 naming the field', async (_, overrides, field) => {
    const collectorUuid = await createCollector(client);
    const response = await client.post(`/collectors/${collectorUuid}/stores`, storeBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      message: expect.arrayContaining([expect.stringContaining(field)]),
    });
  });

  it('replaces the five fields with 201 { status, message }, as the spec gives the update', async () => {
    const collectorUuid = await createCollector(client);
    const storeUuid = await createStore(client, collectorUuid);
    const update = storeBody({
      description: 'Moved branch',
      address: 'Rua Nova 1',
      phone: '11 5555-0300',
      manager: 'Ana Costa',
    });

    const response = await client.patch(`/stores/${storeUuid}`, update);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ status: 201, message: expect.any(String) });
    expect((await client.get(`/stores/${storeUuid}`)).body).toMatchObject({
      description: 'Moved branch',
      externalReference: update.external_reference,
      address: 'Rua Nova 1',
      phone: '11 5555-0300',
      manager: 'Ana Costa',
    });
  });

  it('refuses a partial update with 400, since the spec marks all five fields required', async () => {
    const collectorUuid = await createCollector(client);
    const storeUuid = await createStore(client, collectorUuid);
    const response = await client.patch(`/stores/${storeUuid}`, { description: 'Only this' });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(
      expect.arrayContaining(
        ['external_reference', 'address', 'phone', 'manager'].map((field) => expect.stringContaining(field)),
      ),
    );
  });

  it("answers 409 Conflict when an update takes a sibling store's external_reference", async () => {
    const collectorUuid = await createCollector(client);
    const taken = storeBody();
    await createStore(client, collectorUuid, taken);
    const storeUuid = await createStore(client, collectorUuid);
    const response = await client.patch(
      `/stores/${storeUuid}`,
      storeBody({ external_reference: taken.external_reference }),
    );
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ statusCode: 409, message: 'Conflict' });
  });

  it('disables with 204; the store then reads enabled: false, and a second disable is 409 with no body', async () => {
    const collectorUuid = await createCollector(client);
    const storeUuid = await createStore(client, collectorUuid);

    const response = await client.put(`/stores/${storeUuid}/disable`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await client.get(`/stores/${storeUuid}`)).body.enabled).toBe(false);
    expect((await client.get(`/collectors/${collectorUuid}/stores`)).body[0].enabled).toBe(false);

    const again = await client.put(`/stores/${storeUuid}/disable`);
    expect(again.status).toBe(409);
    expect(again.body).toBeUndefined();
  });

  describe("answers 404 for a missing uuid, a malformed one, and another client's record", () => {
    let foreignCollector: string;
    let foreignStore: string;
    beforeAll(async () => {
      foreignCollector = await createCollector(otherClient);
      foreignStore = await createStore(otherClient, foreignCollector);
    });

    it.each([
      ['POST /collectors/{uuid}/stores', (uuid: string) => client.post(`/collectors/${uuid}/stores`, storeBody())],
      ['GET /collectors/{uuid}/stores', (uuid: string) => client.get(`/collectors/${uuid}/stores`)],
    ])('Collector not found on %s', async (_, call) => {
      for (const uuid of [MISSING_UUID, MALFORMED_UUID, foreignCollector]) {
        expect(await call(uuid)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: 'Collector not found' },
        });
      }
      expect((await otherClient.get(`/collectors/${foreignCollector}/stores`)).body).toHaveLength(1);
    });

    it.each([
      ['GET /stores/{uuid}', (uuid: string) => client.get(`/stores/${uuid}`)],
      ['PATCH /stores/{uuid}', (uuid: string) => client.patch(`/stores/${uuid}`, storeBody())],
      ['PUT /stores/{uuid}/disable', (uuid: string) => client.put(`/stores/${uuid}/disable`)],
    ])('Store not found on %s', async (_, call) => {
      for (const uuid of [MISSING_UUID, MALFORMED_UUID, foreignStore]) {
        expect(await call(uuid)).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Store not found' } });
      }
      expect((await otherClient.get(`/stores/${foreignStore}`)).body).toMatchObject({
        enabled: true,
        description: storeBody().description,
      });
    });
  });

  it('answers 401 on every store endpoint without a token', async () => {
    const anonymous = http(api.baseUrl, null);
    const collectorUuid = await createCollector(client);
    const storeUuid = await createStore(client, collectorUuid);
    const responses = await Promise.all([
      anonymous.post(`/collectors/${collectorUuid}/stores`, storeBody()),
      anonymous.get(`/collectors/${collectorUuid}/stores`),
      anonymous.get(`/stores/${storeUuid}`),
      anonymous.patch(`/stores/${storeUuid}`, storeBody()),
      anonymous.put(`/stores/${storeUuid}/disable`),
    ]);
    for (const response of responses)
      expect(response).toMatchObject({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
  });
});
