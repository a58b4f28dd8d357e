// RFC 3492's parameters for IDNA.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  for (; scaled > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) scaled = Math.floor(scaled / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

function digitOf(code: number): number | null {
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 are 26-35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return null;
}

/** RFC 3492's decoding of `input` (a label without its `xn--`): its code points, or null where it is not punycode. */
function decodePunycode(input: string): number[] | null {
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let index = 0; index < Math.max(delimiter, 0); index += 1) {
    const code = input.charCodeAt(index);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length;) {
    const before = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit === null || digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const points = output.length + 1;
    bias = adapt(i - before, points, before === 0);
    if (Math.floor(i / points) > MAX_INT - n) return null;
    n += Math.floor(i / points);
    i %= points;
    if (n > 0x10ffff) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return output;
}

const isControlOrSurrogate = (code: number) =>
  code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff);

/**
 * Whether an `xn--` label is punycode of an internationalised label: it decodes (RFC 3492) to
 * something that is not plain ASCII and holds no control character. The API decides this itself
 * because URL parsers differ: Node 20's refuses `xn--a` (U+0080), Node 24's takes it.
 */
export function isValidPunycodeLabel(label: string): boolean {
  const decoded = decodePunycode(label.slice(4));
  return (
    decoded !== null && decoded.some((code) => code >= 0x80) && !decoded.some((code) => isControlOrSurrogate(code))
  );
}
