import { crc16 } from '../../../src/emv';

/** Appends a correct tag 63 to hand-written test bodies, so each test isolates one defect. */
export function signed(body: string): string {
  return `${body}6304${crc16(`${body}6304`)}`;
}

/** A minimal valid Peruvian QR body, without its CRC. */
export const PERU_BODY =
  '000201' + '010211' + '26180014pe.example.gui' + '52045812' + '5303604' + '5802PE' + '5908BODEGA 1' + '6004LIMA';

/** The answers for a QR without a single finding. */
export const NO_FINDINGS = {
  valid: true,
  errors: [],
  emvco_valid: true,
  emvco_errors: [],
  scheme_valid: true,
  scheme_violations: [],
  payable: true,
  not_payable_reasons: [],
};

/** The three answers for a QR that is well-formed and keeps its scheme's rules, but that this service cannot pay. */
export function wellFormedButNotPayable(reasons: readonly object[]) {
  return {
    valid: false,
    errors: reasons,
    emvco_valid: true,
    emvco_errors: [],
    scheme_valid: true,
    scheme_violations: [],
    payable: false,
    not_payable_reasons: reasons,
  };
}
