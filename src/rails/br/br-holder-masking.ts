import { CNPJ_FORM, HIDDEN, type DocumentMasking } from '../../keys';

/**
 * A Brazilian key holder's document, by its form, as Pix apps show it:
 * - CPF (11 digits): digits 4 to 9: `***.456.789-**`;
 * - CNPJ (14 characters): characters 3 to 8, the middle of its root: `**.345.678/****-**`,
 *   and an alphanumeric CNPJ at the same positions, `**.ABC.345/****-**` for `12ABC34501DE35`;
 * - any other form: nothing: `****`.
 */
export const BR_DOCUMENT_MASKING: DocumentMasking = {
  adjective: 'Brazilian',
  examples: 'CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**")',
  mask: (document) => {
    if (/^\d{11}$/.test(document)) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
    if (CNPJ_FORM.test(document)) return `**.${document.slice(2, 5)}.${document.slice(5, 8)}/****-**`;
    return HIDDEN;
  },
};
