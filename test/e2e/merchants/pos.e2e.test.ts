import { ApiError } from '../../../src/http/api-error';
import { posMcc } from '../../../src/merchants/merchant-category';
import { PosService } from '../../../src/merchants/pos.service';
import { createTestClient, http, startTestApi, TestApi, TestClient } from '../../support/test-api';
import {
  collectorBody,
  createCollector,
  createHierarchy,
  createPos,
  createStore,
  Http,
  MALFORMED_UUID,
  MISSING_UUID,
  posBody,
  storeBody,
} from './merchant-fixtures';

describe('points of sale', () => {
  let api: TestApi;
  let owner: TestClient;
  let client: Http;
  let otherClient: Http;

  beforeAll(async () => {
    api = await startTestApi();
    owner = await createTestClient(api, 'POS owner');
    client = http(api.baseUrl, owner.token);
    otherClient = http(api.baseUrl, (await createTestClient(api, 'Another client')).token);
  });
  afterAll(() => api.close());

  it('creates a POS under a store with 201 { status, message, uuid } and reads it back with its store and collector', async () => {
    const collector = collectorBody();
    const collectorUuid = await createCollector(client, collector);
    const store = storeBody();
    const storeUuid = await createStore(client, collectorUuid, store);
    const body = posBody();

    const response = await client.post(`/stores/${storeUuid}/pos`, body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      status: 201,
      message: expect.any(String),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const read = await client.get(`/pos/${response.body.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      uuid: response.body.uuid,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      externalReference: body.external_reference,
      name: body.name,
      description: body.description,
      // Neither the POS nor its collector names a category: "0000", not informed.
      category: 0,
      enabled: true,
      store: {
        uuid: storeUuid,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        description: store.description,
        externalReference: store.external_reference,
        address: store.address,
        phone: store.phone,
        manager: store.manager,
        enabled: true,
        collector: expect.objectContaining({
          uuid: collectorUuid,
          name: collector.name,
          fantasty_name: collector.fantasy_name,
          code: expect.any(String),
          enabled: true,
        }),
      },
    });
    expect(read.body.store.collector).not.toHaveProperty('store');
  });

  it('accepts a POS without a description and reads it as null', async () => {
    const { storeUuid } = await createHierarchy(client);
    const posUuid = await createPos(client, storeUuid, { description: undefined });
    expect((await client.get(`/pos/${posUuid}`)).body.description).toBeNull();
  });

  it('lists a store\'s points of sale oldest first, with enabled as the string "true" or "false"', async () => {
    const { storeUuid, posUuid: first } = await createHierarchy(client);
    const second = await createPos(client, storeUuid, {
      name: 'Checkout 2',
      external_reference: 'checkout-2',
      description: 'Back counter',
    });
    await client.put(`/pos/${first}/disable`);

    const response = await client.get(`/stores/${storeUuid}/pos`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        name: 'Checkout 1',
        description: 'Front counter',
        external_reference: expect.any(String),
        uuid: first,
        enabled: 'false',
      },
      {
        name: 'Checkout 2',
        description: 'Back counter',
        external_reference: 'checkout-2',
        uuid: second,
        enabled: 'true',
      },
    ]);
  });

  it('answers 409 Conflict for an external_reference the store already has, while another store may reuse it', async () => {
    const { collectorUuid, storeUuid } = await createHierarchy(client);
    const body = posBody();
    await createPos(client, storeUuid, body);

    const duplicate = await client.post(`/stores/${storeUuid}/pos`, body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ statusCode: 409, message: 'Conflict' });

    const otherStore = await createStore(client, collectorUuid);
    expect((await client.post(`/stores/${otherStore}/pos`, body)).status).toBe(201);
  });

  it('refuses a POS under a disabled store, and under an enabled store of a disabled collector, with 409 Conflict', async () => {
    const disabledStore = await createHierarchy(client);
    await client.put(`/stores/${disabledStore.storeUuid}/disable`);
    const disabledCollector = await createHierarchy(client);
    await client.put(`/collectors/disable/${disabledCollector.collectorUuid}`);

    for (const { storeUuid } of [disabledStore, disabledCollector]) {
      const response = await client.post(`/stores/${storeUuid}/pos`, posBody());
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ statusCode: 409, message: 'Conflict' });
      expect((await client.get(`/stores/${storeUuid}/pos`)).body).toHaveLength(1);
    }
    expect((await client.get(`/stores/${disabledCollector.storeUuid}`)).body.enabled).toBe(true);
  });

  it.each([
    ['name is missing', { name: undefined }, 'name'],
    ['external_reference is missing', { external_reference: undefined }, 'external_reference'],
    ['external_reference is longer than 100', { external_reference: 'p'.repeat(101) }, 'external_reference'],
    ['a field is unknown', { mcc: 5812 }, 'mcc'],
    ['name is blank once trimmed', { name: '  ' }, 'name'],
  ])('refuses a create body where %s with 400 naming the field', async (_, overrides, field) => {
    const { storeUuid } = await createHierarchy(client);
    const response = await client.post(`/stores/${storeUuid}/pos`, posBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      message: expect.arrayContaining([expect.stringContaining(field)]),
    });
  });

  describe('category, the merchant category code (ISO 18245) of its QR codes', () => {
    const categoryOf = async (posUuid: string) => (await client.get(`/pos/${posUuid}`)).body.category;

    it('is set on create, as a number or as four digits, and read as a number', async () => {
      const { storeUuid } = await createHierarchy(client);
      expect(await categoryOf(await createPos(client, storeUuid, { category: 5812 }))).toBe(5812);
      expect(await categoryOf(await createPos(client, storeUuid, { category: '0742' }))).toBe(742);
    });

    it("defaults to the collector's category, and follows it while the POS has none of its own", async () => {
      const collectorUuid = await createCollector(client, { category: 5411 });
      const storeUuid = await createStore(client, collectorUuid);
      const inheriting = await createPos(client, storeUuid);
      const own = await createPos(client, storeUuid, { category: 5812 });
      expect([await categoryOf(inheriting), await categoryOf(own)]).toEqual([5411, 5812]);

      await client.patch(`/collectors/${collectorUuid}`, { category: 5499 });
      expect([await categoryOf(inheriting), await categoryOf(own)]).toEqual([5499, 5812]);
    });

    it('is changed by update, kept when an update does not name it, and handed back to the collector with null', async () => {
      const collectorUuid = await createCollector(client, { category: 5411 });
      const posUuid = await createPos(client, await createStore(client, collectorUuid), { category: 5812 });

      expect((await client.patch(`/pos/${posUuid}`, { name: 'n', description: 'd', category: '0742' })).status).toBe(
        200,
      );
      expect(await categoryOf(posUuid)).toBe(742);
      await client.patch(`/pos/${posUuid}`, { name: 'n', description: 'd' });
      expect(await categoryOf(posUuid)).toBe(742);
      await client.patch(`/pos/${posUuid}`, { name: 'n', description: 'd', category: null });
      expect(await categoryOf(posUuid)).toBe(5411);
    });

    it.each([12345, -1, 58.12, '581', '58120', 'food', true])(
      'refuses %j with 400 naming category, creating and changing nothing',
      async (category) => {
        const { storeUuid, posUuid } = await createHierarchy(client);
        const created = await client.post(`/stores/${storeUuid}/pos`, posBody({ category }));
        const expected = {
          statusCode: 400,
          message: ['category: must be an ISO 18245 merchant category code: 4 digits, e.g. 5812 or "0742"'],
        };
        expect(created).toMatchObject({ status: 400, body: expected });
        expect((await client.get(`/stores/${storeUuid}/pos`)).body).toHaveLength(1);

        expect(await client.patch(`/pos/${posUuid}`, { name: 'n', description: 'd', category })).toMatchObject({
          status: 400,
          body: expected,
        });
        expect((await client.get(`/pos/${posUuid}`)).body).toMatchObject({ name: posBody().name, category: 0 });
      },
    );

    it('is bounded by the database too, for collectors and points of sale alike', async () => {
      const { collectorUuid, posUuid } = await createHierarchy(client);
      await expect(
        api.dataSource.query('UPDATE points_of_sale SET category = 10000 WHERE id = $1', [posUuid]),
      ).rejects.toThrow(/points_of_sale_category_mcc/);
      await expect(
        api.dataSource.query('UPDATE collectors SET category = -1 WHERE id = $1', [collectorUuid]),
      ).rejects.toThrow(/collectors_category_mcc/);
    });
  });

  it('updates name and description with 200 { status, message }, keeping external_reference when it is not sent', async () => {
    const { posUuid } = await createHierarchy(client);
    const before = (await client.get(`/pos/${posUuid}`)).body;

    const response = await client.patch(`/pos/${posUuid}`, {
      name: '  Express lane ',
      description: 'Ten items or fewer',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 200, message: expect.any(String) });
    expect((await client.get(`/pos/${posUuid}`)).body).toMatchObject({
      name: 'Express lane',
      description: 'Ten items or fewer',
      externalReference: before.externalReference,
    });

    await client.patch(`/pos/${posUuid}`, {
      name: 'Express lane',
      description: 'Ten items or fewer',
      external_reference: 'express',
    });
    expect((await client.get(`/pos/${posUuid}`)).body.externalReference).toBe('express');
  });

  it.each([
    ['name is missing', { description: 'd' }, 'name'],
    ['description is missing', { name: 'n' }, 'description'],
    ['a field is unknown', { name: 'n', description: 'd', enabled: false }, 'enabled'],
  ])('refuses an update body where %s with 400 naming the field', async (_, update, field) => {
    const { posUuid } = await createHierarchy(client);
    const response = await client.patch(`/pos/${posUuid}`, update);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      message: expect.arrayContaining([expect.stringContaining(field)]),
    });
  });

  it("answers 409 Conflict when an update takes a sibling POS's external_reference", async () => {
    const { storeUuid, posUuid } = await createHierarchy(client);
    await createPos(client, storeUuid, { external_reference: 'taken' });
    const response = await client.patch(`/pos/${posUuid}`, {
      name: 'n',
      description: 'd',
      external_reference: 'taken',
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ statusCode: 409, message: 'Conflict' });
  });

  it('disables with 204; the POS then reads enabled: false, and a second disable is 409 Conflict', async () => {
    const { posUuid } = await createHierarchy(client);
    const response = await client.put(`/pos/${posUuid}/disable`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await client.get(`/pos/${posUuid}`)).body.enabled).toBe(false);

    const again = await client.put(`/pos/${posUuid}/disable`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: 'Conflict' });
  });

  describe("answers 404 for a missing uuid, a malformed one, and another client's record", () => {
    let foreign: { storeUuid: string; posUuid: string };
    beforeAll(async () => {
      foreign = await createHierarchy(otherClient);
    });

    it.each([
      ['POST /stores/{uuid}/pos', (uuid: string) => client.post(`/stores/${uuid}/pos`, posBody())],
      ['GET /stores/{uuid}/pos', (uuid: string) => client.get(`/stores/${uuid}/pos`)],
    ])('Store not found on %s', async (_, call) => {
      for (const uuid of [MISSING_UUID, MALFORMED_UUID, foreign.storeUuid]) {
        expect(await call(uuid)).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Store not found' } });
      }
      expect((await otherClient.get(`/stores/${foreign.storeUuid}/pos`)).body).toHaveLength(1);
    });

    it.each([
      ['GET /pos/{uuid}', (uuid: string) => client.get(`/pos/${uuid}`)],
      ['PATCH /pos/{uuid}', (uuid: string) => client.patch(`/pos/${uuid}`, { name: 'Hijack', description: 'd' })],
      ['PUT /pos/{uuid}/disable', (uuid: string) => client.put(`/pos/${uuid}/disable`)],
    ])('POS not found on %s', async (_, call) => {
      for (const uuid of [MISSING_UUID, MALFORMED_UUID, foreign.posUuid]) {
        expect(await call(uuid)).toMatchObject({ status: 404, body: { statusCode: 404, message: 'POS not found' } });
      }
      expect((await otherClient.get(`/pos/${foreign.posUuid}`)).body).toMatchObject({
        name: posBody().name,
        enabled: true,
      });
    });
  });

  it('answers 401 on every POS endpoint without a token', async () => {
    const anonymous = http(api.baseUrl, null);
    const { storeUuid, posUuid } = await createHierarchy(client);
    const responses = await Promise.all([
      anonymous.post(`/stores/${storeUuid}/pos`, posBody()),
      anonymous.get(`/stores/${storeUuid}/pos`),
      anonymous.get(`/pos/${posUuid}`),
      anonymous.patch(`/pos/${posUuid}`, { name: 'n', description: 'd' }),
      anonymous.put(`/pos/${posUuid}/disable`),
    ]);
    for (const response of responses)
      expect(response).toMatchObject({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
  });

  describe('findActivePos, the anchor of QR creation', () => {
    const findActivePos = (clientId: string, posUuid: string) =>
      api.app.get(PosService).findActivePos(clientId, posUuid);
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: ApiError) => ({ statusCode: error.statusCode, body: error.body() }),
      );

    it('returns the POS with its store and collector (name, tax_id, country_code, code)', async () => {
      const { collectorUuid, storeUuid, posUuid } = await createHierarchy(client);
      const { pos, store, collector } = await findActivePos(owner.clientId, posUuid);
      expect(pos.id).toBe(posUuid);
      expect(store.id).toBe(storeUuid);
      expect(collector).toMatchObject({
        id: collectorUuid,
        name: collectorBody().name,
        taxId: collectorBody().tax_id,
        countryCode: 'BR',
        code: expect.stringMatching(/^[0-9A-Z]{10}$/),
      });
    });

    it("gives the MCC for tag 52 of its QR codes, four digits: the POS's own, else its collector's, else 0000", async () => {
      const collectorUuid = await createCollector(client, { category: 5411 });
      const storeUuid = await createStore(client, collectorUuid);
      const own = await createPos(client, storeUuid, { category: 742 });
      const inheriting = await createPos(client, storeUuid);
      const { posUuid: unset } = await createHierarchy(client);
      const mccs = await Promise.all(
        [own, inheriting, unset].map(async (uuid) => posMcc(await findActivePos(owner.clientId, uuid))),
      );
      expect(mccs).toEqual(['0742', '5411', '0000']);
    });

    it("refuses another client's POS and a malformed uuid as POS not found", async () => {
      const { posUuid } = await createHierarchy(otherClient);
      for (const uuid of [posUuid, MALFORMED_UUID]) {
        expect(await failure(findActivePos(owner.clientId, uuid))).toMatchObject({
          statusCode: 404,
          body: { statusCode: 404, message: 'POS not found' },
        });
      }
    });

    it.each([
      ['the POS', (ids: { posUuid: string }) => client.put(`/pos/${ids.posUuid}/disable`)],
      ['its store', (ids: { storeUuid: string }) => client.put(`/stores/${ids.storeUuid}/disable`)],
      ['its collector', (ids: { collectorUuid: string }) => client.put(`/collectors/disable/${ids.collectorUuid}`)],
    ])('refuses with 409 once %s is disabled', async (_, disable) => {
      const ids = await createHierarchy(client);
      await disable(ids);
      expect(await failure(findActivePos(owner.clientId, ids.posUuid))).toMatchObject({ statusCode: 409 });
    });
  });

  it('documents the POS endpoints and their responses in OpenAPI', async () => {
    const document = (await http(api.baseUrl, null).get('/docs-json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/stores/{store_uuid}/pos', '/pos/{uuid}', '/pos/{uuid}/disable']),
    );
    expect(document.paths['/stores/{store_uuid}/pos'].post.responses['201']).toBeDefined();
    expect(document.paths['/pos/{uuid}'].get.responses['200']).toBeDefined();
  });
});
