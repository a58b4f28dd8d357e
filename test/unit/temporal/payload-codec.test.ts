import { randomBytes } from 'node:crypto';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import fc from 'fast-check';
import { isEncrypted, payloadCodec } from '../../../src/temporal/payload-codec';

const key = () => randomBytes(32).toString('base64');
const codecOf = (keys: string) => payloadCodec({ TEMPORAL_PAYLOAD_KEYS: keys });
const text = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');
const payer = { full_name: 'Ana Souza', tax_id: '52998224725', account_number: '0001-123456' };

describe('the payload encryption codec', () => {
  const [older, current] = [`2026-05:${key()}`, `2026-11:${key()}`];
  const codec = codecOf(`${current},${older}`);

  it('encrypts a payload whole: its data and its metadata, leaving in clear only the encoding and the key id', async () => {
    const [encoded] = await codec.encode([defaultPayloadConverter.toPayload(payer)]);
    expect(Object.fromEntries(Object.entries(encoded!.metadata!).map(([name, value]) => [name, text(value)]))).toEqual({
      encoding: 'binary/encrypted',
      'encryption-key-id': '2026-11',
    });
    for (const secret of [payer.full_name, payer.tax_id, 'json/plain'])
      expect(Buffer.from(encoded!.data!).includes(secret)).toBe(false);
    const [decoded] = await codec.decode([encoded!]);
    expect(defaultPayloadConverter.fromPayload(decoded!)).toEqual(payer);
  });

  it('gives the same payload a new IV each time', async () => {
    const payload = defaultPayloadConverter.toPayload(payer);
    const [first, second] = await codec.encode([payload, payload]);
    expect(Buffer.from(first!.data!).equals(Buffer.from(second!.data!))).toBe(false);
  });

  it('decodes payloads it did not encrypt as they are: recorded histories, a tester typing JSON into the CLI', async () => {
    const clear = defaultPayloadConverter.toPayload({ decision: 'accepted' });
    expect(await codec.decode([clear])).toEqual([clear]);
    expect(isEncrypted(clear)).toBe(false);
  });

  it('rotates: the first key listed encrypts; a payload of a key listed after it still decodes', async () => {
    const [underOlder] = await codecOf(older).encode([defaultPayloadConverter.toPayload(payer)]);
    expect(text(underOlder!.metadata!['encryption-key-id'])).toBe('2026-05');
    expect(defaultPayloadConverter.fromPayload((await codec.decode([underOlder!]))[0]!)).toEqual(payer);
    const [underCurrent] = await codec.encode([defaultPayloadConverter.toPayload(payer)]);
    expect(text(underCurrent!.metadata!['encryption-key-id'])).toBe('2026-11');
  });

  it('refuses a payload of a key no longer listed, naming the key', async () => {
    const [underOlder] = await codecOf(older).encode([defaultPayloadConverter.toPayload(payer)]);
    await expect(codecOf(current).decode([underOlder!])).rejects.toThrow(
      'payload encrypted with key "2026-05", which TEMPORAL_PAYLOAD_KEYS does not list',
    );
  });

  it('refuses a payload altered in Temporal, one relabelled with another key id, and one whose key was replaced under its id', async () => {
    const [encoded] = await codec.encode([defaultPayloadConverter.toPayload(payer)]);
    const altered = Buffer.from(encoded!.data!);
    altered[20] = altered[20]! ^ 1;
    await expect(codec.decode([{ ...encoded, data: altered }])).rejects.toThrow(
      /does not open with the key of that id/,
    );
    const relabelled: Payload = {
      ...encoded,
      metadata: { ...encoded!.metadata, 'encryption-key-id': new TextEncoder().encode('2026-05') },
    };
    await expect(codec.decode([relabelled])).rejects.toThrow(/key "2026-05" does not open/);
    await expect(codecOf(`2026-11:${key()}`).decode([encoded!])).rejects.toThrow(/key "2026-11" does not open/);
    await expect(codec.decode([{ ...encoded, data: new Uint8Array(10) }])).rejects.toThrow(/truncated/);
  });

  it('round-trips any value the SDK converts, empty payloads included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 5 }), async (values) => {
        const payloads = values.map((value) => defaultPayloadConverter.toPayload(value));
        const decoded = await codec.decode(await codec.encode(payloads));
        expect(decoded.map((payload) => defaultPayloadConverter.fromPayload(payload))).toEqual(
          payloads.map((payload) => defaultPayloadConverter.fromPayload(payload)),
        );
      }),
      { numRuns: 50 },
    );
    const [undefinedPayload] = await codec.encode([defaultPayloadConverter.toPayload(undefined)]);
    expect(defaultPayloadConverter.fromPayload((await codec.decode([undefinedPayload!]))[0]!)).toBeUndefined();
  });
});
