import { nameAdditionalData, type AdditionalData } from './additional-data';
import type { EmvDecodeResult } from './decode-result';
import { emvError, type EmvError } from './emv-error';
import { checkMaxLength, readAmount, readCountry, readCurrency, readMcc, readPointOfInitiation } from './header-fields';
import { readMerchantAccounts } from './merchant-accounts';
import { findPixAccount, readPix } from './pix';
import { notPayableReasons } from './payability';
import { checkProfile } from './profiles';
import type { QrScope } from './qr-scope';
import { isMerchantAccountTag, isUnreservedTemplateTag } from './tag-ranges';
import { checkCrc, checkPayloadFormatIndicator, checkRequiredTags } from './structure';
import { codePointLength, indexFields, parseTlv, readTemplate, type TlvField } from './tlv';

/** EMVCo MPM's own ceiling on a payload. */
const MAX_PAYLOAD_LENGTH = 512;

const INTERPRETED_TAGS = new Set(['00', '01', '52', '53', '54', '58', '59', '60', '61', '62', '63', '64']);

/**
 * Decodes an EMVCo merchant-presented QR payload. Never throws: whatever the input, the result
 * carries everything that could be read and, each apart, the EMVCo defects, the violations of
 * the scheme's rules and the reasons this service cannot pay it, judged by `scope`: what the
 * caller serves.
 */
export function decodeEmvQr(payload: string, scope: QrScope): EmvDecodeResult {
  // Untyped callers (raw JSON) may pass anything; a non-string reads as an empty payload.
  const text = typeof payload === 'string' ? payload : '';
  const parsed = parseTlv(text);
  const emvcoErrors: EmvError[] = [...parsed.errors];
  if (codePointLength(text) > MAX_PAYLOAD_LENGTH)
    emvcoErrors.push(emvError('PAYLOAD_TOO_LONG', undefined, `${codePointLength(text)} characters`));

  const byId = indexFields(parsed.fields, emvcoErrors);
  const fields = [...byId.values()];
  const ifPresent = <T>(id: string, read: (field: TlvField) => T): T | null => {
    const field = byId.get(id);
    return field === undefined ? null : read(field);
  };
  checkRequiredTags(byId, emvcoErrors);
  checkPayloadFormatIndicator(parsed.fields, emvcoErrors);
  const crc = checkCrc(text, byId.get('63'), emvcoErrors);

  const pointOfInitiation = ifPresent('01', (field) => readPointOfInitiation(field.value, emvcoErrors));
  const currency = ifPresent('53', (field) => readCurrency(field.value, emvcoErrors));
  const amount = ifPresent('54', (field) => readAmount(field.value, currency, emvcoErrors));
  const country = ifPresent('58', (field) => readCountry(field.value, emvcoErrors));
  const merchant = readMerchant(byId, emvcoErrors);
  const accounts = readMerchantAccounts(fields, emvcoErrors);
  const additionalData: AdditionalData =
    ifPresent('62', (field) => nameAdditionalData(readTemplate(field, emvcoErrors))) ?? {};
  const language = ifPresent('64', (field) => readTemplate(field, emvcoErrors));
  const unreserved = fields
    .filter((field) => isUnreservedTemplateTag(field.id))
    .map((field) => ({ tag: field.id, fields: readTemplate(field, emvcoErrors) }));

  const { profile, errors: schemeViolations } = checkProfile({
    country,
    currencyNumeric: currency?.numeric ?? null,
    accounts,
    additionalData,
    unreservedTemplates: unreserved,
    scope,
  });
  const pixAccount = findPixAccount(accounts);
  const pix = pixAccount === undefined ? null : { tag: pixAccount.tag, data: readPix(pixAccount, unreserved) };
  const notPayable = notPayableReasons({ country, currencyAlpha: currency?.alpha ?? null, pix }, scope);
  const payable = emvcoErrors.length === 0 && schemeViolations.length === 0 && notPayable.length === 0;

  return {
    valid: payable,
    errors: [...emvcoErrors, ...schemeViolations, ...notPayable],
    emvco_valid: emvcoErrors.length === 0,
    emvco_errors: emvcoErrors,
    scheme_valid: schemeViolations.length === 0,
    scheme_violations: schemeViolations,
    payable,
    not_payable_reasons: notPayable,
    profile,
    point_of_initiation: pointOfInitiation,
    amount,
    currency: currency === null ? null : { alpha: currency.alpha, numeric: currency.numeric },
    country,
    merchant,
    merchant_accounts: accounts,
    additional_data: additionalData,
    merchant_language:
      language === null
        ? null
        : { language: language['00'] ?? null, name: language['01'] ?? null, city: language['02'] ?? null },
    unreserved_templates: unreserved,
    other_tags: Object.fromEntries(
      fields
        .filter(
          (field) =>
            !INTERPRETED_TAGS.has(field.id) && !isMerchantAccountTag(field.id) && !isUnreservedTemplateTag(field.id),
        )
        .map((field) => [field.id, field.value]),
    ),
    crc,
    pix: pix?.data ?? null,
  };
}

function readMerchant(byId: ReadonlyMap<string, TlvField>, errors: EmvError[]): EmvDecodeResult['merchant'] {
  const name = byId.get('59')?.value;
  const city = byId.get('60')?.value;
  const mcc = byId.get('52')?.value;
  const postalCode = byId.get('61')?.value;
  if (name === undefined && city === undefined && mcc === undefined && postalCode === undefined) return null;
  return {
    name: name === undefined ? null : checkMaxLength(name, 25, 'MERCHANT_NAME_TOO_LONG', '59', errors),
    city: city === undefined ? null : checkMaxLength(city, 15, 'MERCHANT_CITY_TOO_LONG', '60', errors),
    mcc: mcc === undefined ? null : readMcc(mcc, errors),
    postal_code: postalCode === undefined ? null : checkMaxLength(postalCode, 10, 'POSTAL_CODE_TOO_LONG', '61', errors),
  };
}
