import { crc16 } from '../../../src/emv';

/** Appends a correct tag 63 to hand-written test bodies, so each test isolates one defect. */
export function signed(body: string): string {
  return `${body}6304${crc16(`${body}6304`)}`;
}

/** A minimal valid Peruvian QR body, without its CRC. */
export const PERU_BODY =
  '000201' + '010211' + '26180014pe.example.gui' + '52045812' + '5303604' + '5802PE' + '5908BODEGA 1' + '6004LIMA';
