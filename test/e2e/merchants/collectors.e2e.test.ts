import { createTestClient, http, startTestApi, TestApi } from '../../support/test-api';
import { collectorBody, createCollector, createStore, Http, MALFORMED_UUID, MISSING_UUID } from './merchant-fixtures';

describe('collectors', () => {
  let api: TestApi;
  let client: Http;
  let otherClient: Http;

  beforeAll(async () => {
    api = await startTestApi();
    client = http(api.baseUrl, (await createTestClient(api, 'Collector owner')).token);
    otherClient = http(api.baseUrl, (await createTestClient(api, 'Another client')).token);
  });
  afterAll(() => api.close());

  it("creates a collector, answers 201 { collector_uuid }, and reads it back in the spec's representation", async () => {
    const body = collectorBody();
    const response = await client.post('/collectors', body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ collector_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const read = await client.get(`/collectors/${response.body.collector_uuid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      uuid: response.body.collector_uuid,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      externalReference: body.external_reference,
      name: body.name,
      fantasty_name: body.fantasy_name,
      description: body.description,
      tax_id: body.tax_id,
      image: null,
      regular_contact_email: body.regular_contact_email,
      regular_contact_phone: body.regular_contact_phone,
      country_code: 'BR',
      address: body.legal_address,
      code: expect.stringMatching(/^[0-9A-Z]{10}$/),
      company: null,
      category: null,
      color: null,
      enabled: true,
      store: [],
    });
    expect(new Date(read.body.createdAt).toISOString()).toBe(read.body.createdAt);
  });

  it('keeps the category sent on create, as the number the read shows, and reads null without one', async () => {
    const withCategory = await createCollector(client, { category: '0742' });
    expect((await client.get(`/collectors/${withCategory}`)).body.category).toBe(742);
    const without = await createCollector(client);
    expect((await client.get(`/collectors/${without}`)).body.category).toBeNull();
  });

  it('sets and removes the category by update, leaving it alone when an update does not name it', async () => {
    const uuid = await createCollector(client, { category: 5411 });
    await client.patch(`/collectors/${uuid}`, { description: 'Still a grocer' });
    expect((await client.get(`/collectors/${uuid}`)).body.category).toBe(5411);
    expect((await client.patch(`/collectors/${uuid}`, { category: 5812 })).status).toBe(200);
    expect((await client.get(`/collectors/${uuid}`)).body.category).toBe(5812);
    await client.patch(`/collectors/${uuid}`, { category: null });
    expect((await client.get(`/collectors/${uuid}`)).body.category).toBeNull();
  });

  it('trims strings and stores omitted optional fields as null', async () => {
    const uuid = await createCollector(client, {
      name: '  Padded  ',
      fantasy_name: undefined,
      tax_id: undefined,
      legal_address: undefined,
      regular_contact_phone: undefined,
      country_code: undefined,
    });
    const read = (await client.get(`/collectors/${uuid}`)).body;
    expect(read).toMatchObject({
      name: 'Padded',
      fantasty_name: null,
      tax_id: null,
      address: null,
      regular_contact_phone: null,
      country_code: null,
    });
  });

  it('generates its own unique code and ignores a code sent in the body', async () => {
    const first = await createCollector(client, { code: 'MINE' });
    const second = await createCollector(client, { code: 'MINE' });
    const [a, b] = await Promise.all(
      [first, second].map(async (uuid) => (await client.get(`/collectors/${uuid}`)).body.code),
    );
    expect(a).not.toBe('MINE');
    expect(a).not.toBe(b);
  });

  it("lists only the calling client's collectors, without their stores", async () => {
    const own = await createCollector(client);
    await createStore(client, own);
    const foreign = await createCollector(otherClient);

    const response = await client.get('/collectors');
    expect(response.status).toBe(200);
    const uuids = response.body.map((collector: { uuid: string }) => collector.uuid);
    expect(uuids).toContain(own);
    expect(uuids).not.toContain(foreign);
    const listed = response.body.find((collector: { uuid: string }) => collector.uuid === own);
    expect(listed).not.toHaveProperty('store');
    expect(listed).toMatchObject({ uuid: own, enabled: true, image: null });
  });

  it('answers 409 { statusCode, message: "Conflict" } for an external_reference the client already used, while another client may reuse it', async () => {
    const body = collectorBody();
    expect((await client.post('/collectors', body)).status).toBe(201);

    const duplicate = await client.post('/collectors', { ...body, name: 'Someone else' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ statusCode: 409, message: 'Conflict' });

    expect((await otherClient.post('/collectors', body)).status).toBe(201);
  });

  it.each([
    ['external_reference is missing', { external_reference: undefined }, 'external_reference'],
    ['name is missing', { name: undefined }, 'name'],
    ['regular_contact_email is missing', { regular_contact_email: undefined }, 'regular_contact_email'],
    ['description is missing', { description: undefined }, 'description'],
    ['the e-mail is not an e-mail', { regular_contact_email: 'ops-at-acme' }, 'regular_contact_email'],
    ['external_reference is longer than 100', { external_reference: 'x'.repeat(101) }, 'external_reference'],
    ['name is blank once trimmed', { name: '   ' }, 'name'],
    ['name is longer than 200', { name: 'n'.repeat(201) }, 'name'],
    ['country_code is lower case', { country_code: 'br' }, 'country_code'],
    ['country_code has three letters', { country_code: 'BRA' }, 'country_code'],
    ['the phone has letters', { regular_contact_phone: 'call me' }, 'regular_contact_phone'],
    ['the phone is longer than 30', { regular_contact_phone: '1'.repeat(31) }, 'regular_contact_phone'],
    ['a field is unknown (the read spelling fantasty_name)', { fantasty_name: 'Acme' }, 'fantasty_name'],
    ['a field has the wrong type', { name: 42 }, 'name'],
    ['category has five digits', { category: 12345 }, 'category'],
    ['category is a three-digit string', { category: '581' }, 'category'],
    ['category is not a whole number', { category: 58.12 }, 'category'],
  ])('refuses a create body where %s with 400 naming the field', async (_, overrides, field) => {
    const response = await client.post('/collectors', collectorBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      message: expect.arrayContaining([expect.stringContaining(field)]),
    });
  });

  it('updates mapped fields with 200 { status, message }: email, phone and address land on the read fields', async () => {
    const uuid = await createCollector(client);
    const before = (await client.get(`/collectors/${uuid}`)).body;
    const update = {
      name: 'Acme Renamed',
      email: 'billing@acme.example',
      description: 'Hardware and tools',
      external_reference: `renamed-${uuid}`,
      address: 'Avenida Paulista 1000',
      phone: '+55 11 5555-0199',
      manager: 'João Lima',
    };

    const response = await client.patch(`/collectors/${uuid}`, update);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 200, message: expect.any(String) });

    const after = (await client.get(`/collectors/${uuid}`)).body;
    expect(after).toEqual({
      ...before,
      name: update.name,
      regular_contact_email: update.email,
      description: update.description,
      externalReference: update.external_reference,
      address: update.address,
      regular_contact_phone: update.phone,
      updatedAt: expect.any(String),
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it('leaves the fields an update does not name untouched', async () => {
    const uuid = await createCollector(client);
    const before = (await client.get(`/collectors/${uuid}`)).body;
    await client.patch(`/collectors/${uuid}`, { description: 'Only this' });
    const after = (await client.get(`/collectors/${uuid}`)).body;
    expect(after).toEqual({ ...before, description: 'Only this', updatedAt: expect.any(String) });
  });

  it.each([
    ['it is empty', {}, 'at least one field'],
    [
      'a field is unknown (create spelling regular_contact_email)',
      { regular_contact_email: 'a@b.example' },
      'regular_contact_email',
    ],
    ['the e-mail is not an e-mail', { email: 'nope' }, 'email'],
    ['external_reference is blank', { external_reference: ' ' }, 'external_reference'],
    ['category is negative', { category: -1 }, 'category'],
  ])('refuses an update body where %s with 400', async (_, update, text) => {
    const uuid = await createCollector(client);
    const response = await client.patch(`/collectors/${uuid}`, update);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      message: expect.arrayContaining([expect.stringContaining(text)]),
    });
  });

  it("answers 409 Conflict when an update takes another collector's external_reference", async () => {
    const taken = collectorBody();
    await createCollector(client, taken);
    const uuid = await createCollector(client);
    const response = await client.patch(`/collectors/${uuid}`, { external_reference: taken.external_reference });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ statusCode: 409, message: 'Conflict' });
  });

  it('disables with 204 and no body; the collector then reads enabled: false, and a second disable is 409 Conflict', async () => {
    const uuid = await createCollector(client);
    const response = await client.put(`/collectors/disable/${uuid}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();

    expect((await client.get(`/collectors/${uuid}`)).body.enabled).toBe(false);
    const listed = (await client.get('/collectors')).body.find(
      (collector: { uuid: string }) => collector.uuid === uuid,
    );
    expect(listed.enabled).toBe(false);

    const again = await client.put(`/collectors/disable/${uuid}`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: 'Conflict' });
  });

  it('still lets a disabled collector be corrected', async () => {
    const uuid = await createCollector(client);
    await client.put(`/collectors/disable/${uuid}`);
    expect((await client.patch(`/collectors/${uuid}`, { name: 'Corrected' })).status).toBe(200);
    expect((await client.get(`/collectors/${uuid}`)).body).toMatchObject({ name: 'Corrected', enabled: false });
  });

  describe("answers 404 Collector not found for a missing uuid, a malformed one, and another client's collector", () => {
    let foreign: string;
    beforeAll(async () => {
      foreign = await createCollector(otherClient);
    });

    it.each([
      ['GET /collectors/{uuid}', (uuid: string) => client.get(`/collectors/${uuid}`)],
      ['PATCH /collectors/{uuid}', (uuid: string) => client.patch(`/collectors/${uuid}`, { name: 'Hijack' })],
      ['PUT /collectors/disable/{uuid}', (uuid: string) => client.put(`/collectors/disable/${uuid}`)],
    ])('%s', async (_, call) => {
      for (const uuid of [MISSING_UUID, MALFORMED_UUID, foreign]) {
        const response = await call(uuid);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, message: 'Collector not found' });
      }
      const untouched = (await otherClient.get(`/collectors/${foreign}`)).body;
      expect(untouched).toMatchObject({ enabled: true, name: collectorBody().name });
    });
  });

  it('answers 401 on every collector endpoint without a token', async () => {
    const anonymous = http(api.baseUrl, null);
    const uuid = await createCollector(client);
    const responses = await Promise.all([
      anonymous.post('/collectors', collectorBody()),
      anonymous.get('/collectors'),
      anonymous.get(`/collectors/${uuid}`),
      anonymous.patch(`/collectors/${uuid}`, { name: 'x' }),
      anonymous.put(`/collectors/disable/${uuid}`),
    ]);
    for (const response of responses)
      expect(response).toMatchObject({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
  });

  it('documents the collector endpoints and their responses in OpenAPI', async () => {
    const document = (await http(api.baseUrl, null).get('/docs-json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/collectors', '/collectors/{uuid}', '/collectors/disable/{collector_uuid}']),
    );
    expect(document.paths['/collectors'].post.responses['201']).toBeDefined();
    expect(document.paths['/collectors/{uuid}'].patch.responses['200']).toBeDefined();
    expect(document.paths['/collectors/disable/{collector_uuid}'].put.responses['204']).toBeDefined();
    const read = document.components.schemas.CollectorReadDto.properties;
    expect(read.tax_id).toMatchObject({ type: ['string', 'null'] });
    expect(read.image).toMatchObject({ type: ['string', 'null'] });
  });
});
