import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataConverter, Payload, PayloadCodec } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { parsePayloadKeys, type PayloadKeys } from '../config/payload-keys';

/** The metadata an encrypted payload carries in clear: its encoding, and the id of the key that opens it. */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const text = new TextEncoder();
const words = new TextDecoder();

/** Whether a payload is one this codec encrypted; anything else (recorded histories, older payloads) is left as it is. */
export function isEncrypted(payload: Payload): boolean {
  const encoding = payload.metadata?.encoding;
  return encoding !== undefined && encoding !== null && words.decode(encoding) === ENCRYPTED_ENCODING;
}

/**
 * Encrypts every payload the service sends to Temporal with AES-256-GCM: workflow, activity,
 * update and signal arguments and results, query answers, memos, failure details; search
 * attributes never pass through a codec (Temporal indexes them). The whole payload (its
 * metadata, e.g. `json/plain`, and its data) is encrypted; what stays in clear is the encoding
 * `binary/encrypted` and the key id. Each payload has a random 96-bit IV, and the key id is
 * authenticated with it, so a payload cannot be relabelled to another key. Decoding passes a
 * payload without that encoding through unchanged: histories recorded before payloads were
 * encrypted, and inputs a tester typed into the Temporal CLI, read as they are.
 */
export class PayloadEncryptionCodec implements PayloadCodec {
  constructor(private readonly keys: PayloadKeys) {}

  // Synchronous work behind the codec's promise interface: a failure rejects, it never throws.
  encode(payloads: Payload[]): Promise<Payload[]> {
    return Promise.resolve().then(() => payloads.map((payload) => this.encrypt(payload)));
  }

  decode(payloads: Payload[]): Promise<Payload[]> {
    return Promise.resolve().then(() =>
      payloads.map((payload) => (isEncrypted(payload) ? this.decrypt(payload) : payload)),
    );
  }

  private encrypt(payload: Payload): Payload {
    const { id, key } = this.keys.current;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(text.encode(id));
    const plain = temporal.api.common.v1.Payload.encode(payload).finish();
    const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return {
      metadata: { encoding: text.encode(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: text.encode(id) },
      data: sealed,
    };
  }

  private decrypt(payload: Payload): Payload {
    const idBytes = payload.metadata?.[KEY_ID_METADATA];
    const id = idBytes ? words.decode(idBytes) : '';
    const key = this.keys.all.get(id);
    if (!key) throw new Error(`payload encrypted with key "${id}", which TEMPORAL_PAYLOAD_KEYS does not list`);
    const sealed = payload.data ?? new Uint8Array();
    if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error(`payload encrypted with key "${id}" is truncated`);
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES)).setAAD(text.encode(id));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new Error(
        `payload encrypted with key "${id}" does not open with the key of that id: altered, or the key was replaced`,
      );
    }
    return temporal.api.common.v1.Payload.decode(plain);
  }
}

/** The codec of TEMPORAL_PAYLOAD_KEYS. */
export function payloadCodec(env: { TEMPORAL_PAYLOAD_KEYS: string }): PayloadEncryptionCodec {
  return new PayloadEncryptionCodec(parsePayloadKeys(env.TEMPORAL_PAYLOAD_KEYS));
}

/**
 * The data converter of every Temporal client and worker the service makes: the SDK's payload
 * converter (JSON), then the encryption codec. Codecs run in the worker's main thread, outside
 * the workflow sandbox, so the workflow bundle (and replay) is the same with or without it.
 */
export function temporalDataConverter(env: { TEMPORAL_PAYLOAD_KEYS: string }): DataConverter {
  return { payloadCodecs: [payloadCodec(env)] };
}
