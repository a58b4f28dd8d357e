import { HIDDEN, visibleTail, type DocumentMasking } from '../../keys';

/**
 * A Colombian key holder's document, by its form:
 * - cédula (digits only): its last 3 digits: `****789`;
 * - NIT (digits, a dash and the check digit): its last 3 digits before the dash: `****456-*`;
 * - any other form: nothing: `****`.
 * It never shows more than half of its digits, and no check digit shows: it follows from the others.
 */
export const CO_DOCUMENT_MASKING: DocumentMasking = {
  adjective: 'Colombian',
  examples: 'cédula "****789", NIT "****456-*"',
  mask: (document) => {
    if (/^\d+$/.test(document)) return `${HIDDEN}${visibleTail(document, 3)}`;
    const nit = /^(\d+)-\d$/.exec(document);
    return nit ? `${HIDDEN}${visibleTail(nit[1]!, 3)}-*` : HIDDEN;
  },
};
