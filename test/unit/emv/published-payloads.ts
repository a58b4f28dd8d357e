/**
 * Payloads published by the standards bodies, byte for byte. The Pix ones come from the Banco
 * Central do Brasil's "Manual de Padrões para Iniciação do Pix", section 2.8.5 (composite QR
 * codes, "QR Code composto"): Pix Automático puts the recurrence URL in tag 80.
 */

/** The merchant account of the BR Code manual's static example (BCB_STATIC_PIX), as decoded. */
export const BCB_STATIC_PIX_ACCOUNT = {
  tag: '26',
  format: 'template',
  gui: 'br.gov.bcb.pix',
  fields: { '01': '123e4567-e12b-12d1-a456-426655440000' },
  value: '0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000',
};

/** 2.8.5.1: a recurrence to authorise and nothing to pay; tag 26 carries the Pix GUI alone. */
export const BCB_PIX_AUTOMATICO_RECURRENCE_ONLY =
  '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***' +
  '80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac1200026304F2DA';

/** 2.8.5.2: a static payment (key and amount) offered with a recurrence. */
export const BCB_PIX_AUTOMATICO_WITH_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406100.505802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac12000263042875';

/** 2.8.5.3: a dynamic payment (payload URL) offered with a recurrence. */
export const BCB_PIX_AUTOMATICO_WITH_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac1200026304FB42';

/**
 * The EMVCo MPM specification's example: Chinese text in tag 64 checks that lengths count
 * characters and that the CRC runs over UTF-8. Its country (CN) and currency (156, CNY) are
 * well-formed and not ones this service pays in.
 */
export const EMVCO_SPECIFICATION_EXAMPLE =
  '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN' +
  '5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.72530315655020162330304' +
  '12340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A';
