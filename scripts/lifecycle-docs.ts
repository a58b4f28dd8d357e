import { orderPhasesTable, orderStatusDiagram, orderTransitionsTable } from '../src/orders/lifecycle/diagram';
import { refundStatusDiagram, refundTransitionsTable } from '../src/refunds/refund-diagram';

/** The document whose lifecycle section is generated, and the command that rewrites it. */
export const ARCHITECTURE_PATH = 'docs/architecture.md';
export const LIFECYCLE_DOCS_COMMAND = 'npm run docs:lifecycle';

const BEGIN = `<!-- lifecycle: generated from src/orders/lifecycle and src/refunds/refund-lifecycle.ts by \`${LIFECYCLE_DOCS_COMMAND}\`; do not edit by hand -->`;
const END = '<!-- lifecycle: end -->';

/** The section itself: the order's and the refund's diagrams and tables, as the code has them. */
function lifecycleSection(): string {
  return [
    BEGIN,
    '',
    "### The order's statuses",
    '',
    orderStatusDiagram(),
    '',
    "### What each event writes (the order's transition table, first matching row wins)",
    '',
    orderTransitionsTable(),
    '',
    "### The workflow's phases and what each action does in them",
    '',
    'For a collection (a QR created here); an order without a collector refuses CANCEL in every phase. `→ PHASE` is the phase the action is applied in; a CLOSED order is refused as its status says (a decision on a COMPLETED or FAILED order is ALREADY_PROCESSED).',
    '',
    orderPhasesTable(),
    '',
    "### A refund's statuses",
    '',
    refundStatusDiagram(),
    '',
    '### What each settlement writes',
    '',
    refundTransitionsTable(),
    '',
    END,
  ].join('\n');
}

/** `document` with its lifecycle section generated anew; the rest of it as it was. */
export function withLifecycleSection(document: string): string {
  const begin = document.indexOf('<!-- lifecycle: generated');
  const end = document.indexOf(END);
  if (begin < 0 || end < begin)
    throw new Error(
      `${ARCHITECTURE_PATH} has no generated lifecycle section (from "<!-- lifecycle: generated" to "${END}")`,
    );
  return document.slice(0, begin) + lifecycleSection() + document.slice(end + END.length);
}
