import { buildTlv, parseTlv } from '../../../src/emv/tlv';
import { EmvEncodeError } from '../../../src/emv';

describe('parseTlv', () => {
  it('reads consecutive fields with their code-point offsets', () => {
    expect(parseTlv('0002015802BR')).toEqual({
      fields: [
        { id: '00', value: '01', valueStart: 4, end: 6 },
        { id: '58', value: 'BR', valueStart: 10, end: 12 },
      ],
      errors: [],
      complete: true,
    });
  });

  it('says whether the fields tile the whole data', () => {
    expect(parseTlv('59005802BR').complete).toBe(true);
    expect(parseTlv('000201590').complete).toBe(false);
    expect(parseTlv('5910SHORT').complete).toBe(false);
    expect(parseTlv('ABCD').complete).toBe(false);
  });

  it('counts lengths in characters, including characters outside the BMP', () => {
    const { fields, errors } = parseTlv('0102北京0202😀x');
    expect(errors).toEqual([]);
    expect(fields.map((field) => field.value)).toEqual(['北京', '😀x']);
  });

  it('stops at a non-numeric tag id', () => {
    expect(parseTlv('000201A102xx')).toMatchObject({ fields: [{ id: '00' }], errors: [{ code: 'INVALID_TAG_ID' }] });
  });

  it('stops at a non-numeric length and names the tag', () => {
    expect(parseTlv('00X101').errors).toEqual([expect.objectContaining({ code: 'INVALID_LENGTH', tag: '00' })]);
  });

  it('reports a zero length but keeps the empty field and goes on', () => {
    const { fields, errors } = parseTlv('59005802BR');
    expect(fields.map((field) => [field.id, field.value])).toEqual([
      ['59', ''],
      ['58', 'BR'],
    ]);
    expect(errors).toEqual([expect.objectContaining({ code: 'INVALID_LENGTH', tag: '59' })]);
  });

  it('reports a length running past the end', () => {
    expect(parseTlv('5910SHORT').errors).toEqual([expect.objectContaining({ code: 'LENGTH_OVERRUN', tag: '59' })]);
  });

  it('reports a header cut short', () => {
    expect(parseTlv('000201590').errors).toEqual([expect.objectContaining({ code: 'TRUNCATED_TLV' })]);
  });

  it('names a sub-tag with its template', () => {
    expect(parseTlv('0510ABC', '62').errors).toEqual([
      expect.objectContaining({ code: 'LENGTH_OVERRUN', tag: '62.05' }),
    ]);
  });
});

describe('buildTlv', () => {
  it('writes the length in characters', () => {
    expect(buildTlv('01', '最佳运输')).toBe('0104最佳运输');
  });

  it.each([
    ['5', 'x'],
    ['AB', 'x'],
    ['59', ''],
    ['59', 'x'.repeat(100)],
  ])('refuses id %j with a value of that length', (id, value) => {
    expect(() => buildTlv(id, value)).toThrow(EmvEncodeError);
  });
});
