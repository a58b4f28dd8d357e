import parsePhoneNumber, { type CountryCode, type NumberType } from 'libphonenumber-js/max';

/** How one country's phone keys are written, and which of its numbers may be keys. */
export interface PhoneKeyPlan {
  readonly country: CountryCode;
  readonly callingCode: string;
  /** The written form the spec gives (E.164, digits only), checked before the numbering plan. */
  readonly shape: RegExp;
  /** The number types of the country's numbering plan that may be keys. */
  readonly types: readonly NumberType[];
  /** The same number sent without its "+", which is refused with a reason. */
  readonly withoutPlus: RegExp;
  /** The reason for a number with the right calling code that the plan does not allow. */
  readonly invalidReason: string;
}

/**
 * A key that `shape` accepts must also be a number the country's numbering plan (libphonenumber's
 * full metadata) has allocated, of one of the allowed types. The parsed number must equal the key:
 * the library would otherwise drop a national trunk prefix ("+5501…") and accept a different key.
 */
export function phoneKeyNormalizer(plan: PhoneKeyPlan): (key: string) => string | null {
  return (key) => {
    if (!plan.shape.test(key)) return null;
    const phone = parsePhoneNumber(key);
    const type = phone?.getType();
    const allocated = phone !== undefined && phone.number === key && phone.country === plan.country && phone.isValid();
    return allocated && type !== undefined && plan.types.includes(type) ? key : null;
  };
}

/** Why a key no rule accepted is not a phone key of `plan`'s country, when it looks like one. */
export function diagnosePhoneKey(key: string, plan: PhoneKeyPlan): string | null {
  if (/^\+[\d\s().-]+$/.test(key) && /[\s().-]/.test(key)) {
    return `dict_key: a phone key must be +${plan.callingCode} followed by digits only, without spaces, dashes or parentheses`;
  }
  if (/^\+\d+$/.test(key)) {
    return key.startsWith(`+${plan.callingCode}`)
      ? plan.invalidReason
      : `dict_key: a phone key for ${plan.country} must start with +${plan.callingCode}`;
  }
  if (plan.withoutPlus.test(key)) return `dict_key: a phone key must start with +${plan.callingCode}, the "+" included`;
  return null;
}
