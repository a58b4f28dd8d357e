/** Tags 02-51: merchant account information (02-25 primitive, 26-51 templates). */
export function isMerchantAccountTag(id: string): boolean {
  return Number(id) >= 2 && Number(id) <= 51;
}

/** Tags 80-99: unreserved templates, free for domestic or private use. */
export function isUnreservedTemplateTag(id: string): boolean {
  return Number(id) >= 80 && Number(id) <= 99;
}
