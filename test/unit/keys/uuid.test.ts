import { randomUUID } from 'node:crypto';
import { isUuid, isUuidV4 } from '../../../src/keys/uuid';

describe('UUID keys', () => {
  it('takes a random UUID in either case as version 4', () => {
    const id = randomUUID();
    expect(isUuidV4(id)).toBe(true);
    expect(isUuidV4(id.toUpperCase())).toBe(true);
  });

  it('refuses another version or variant, which any UUID still accepts', () => {
    for (const id of [
      '123e4567-e89b-12d3-a456-426614174000',
      '123e4567-e89b-42d3-c456-426614174000',
      '123e4567-e89b-42d3-7456-426614174000',
    ]) {
      expect(isUuid(id)).toBe(true);
      expect(isUuidV4(id)).toBe(false);
    }
    expect(isUuidV4('123e4567-e89b-42d3-b456-426614174000')).toBe(true);
  });

  it('refuses what is not a UUID', () => {
    for (const id of [
      '',
      '123e4567e89b42d3a456426614174000',
      '123e4567-e89b-42d3-a456-42661417400',
      'g23e4567-e89b-42d3-a456-426614174000',
    ])
      expect(isUuidV4(id)).toBe(false);
  });
});
