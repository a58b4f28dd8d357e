import { ORDER_ACTIONS, ORDER_PHASES, takeAction, type OrderPhase } from './phases';
import { FINAL_STATUSES, OPENINGS, type OrderFlow, type OrderStatus } from './statuses';
import { ORDER_TRANSITIONS, type OrderTransition } from './transitions';

/**
 * The lifecycle's tables as documentation: Mermaid state diagrams and Markdown tables made from
 * the very rows the code runs on, so docs/architecture.md cannot drift from them (a unit test
 * regenerates it and compares).
 */

export interface DiagramEdge {
  from: string;
  to: string;
  label: string;
}

/** A Mermaid state diagram; `[*]` is where it starts and ends. */
export function mermaidStateDiagram(edges: readonly DiagramEdge[]): string {
  return [
    '```mermaid',
    'stateDiagram-v2',
    ...edges.map(({ from, to, label }) => `  ${from} --> ${to}${label ? ` : ${label}` : ''}`),
    '```',
  ].join('\n');
}

/** A Markdown table. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A row's guards in words: "KEY", "COLLECTION in AR"; empty for every order. */
export function guardOf({ flows, countries }: { flows?: readonly OrderFlow[]; countries?: readonly string[] }): string {
  return [flows?.join(' or '), countries && `in ${countries.join(' or ')}`].filter(Boolean).join(' ');
}

/** Whether a row writes a status-history entry. */
const recordsHistory = (row: OrderTransition, from: OrderStatus) =>
  (row.to !== null && row.to !== from) || row.alwaysHistory === true;

/**
 * The order's statuses and the events that move them: one arrow per pair of statuses, naming
 * each event that makes it, with its guards (an event one of whose rows is unguarded has none).
 */
export function orderStatusDiagram(): string {
  const opening: DiagramEdge[] = OPENINGS.map((row) => ({
    from: '[*]',
    to: row.status,
    label: [row.amountKnown ? 'amount known' : 'amount unknown', guardOf(row)].filter(Boolean).join(', '),
  }));
  const moves = new Map<string, { from: OrderStatus; to: OrderStatus; events: Map<string, string[]> }>();
  for (const row of ORDER_TRANSITIONS) {
    for (const from of row.from) {
      if (!recordsHistory(row, from)) continue;
      const key = `${from} ${row.to}`;
      const move = moves.get(key) ?? { from, to: row.to!, events: new Map<string, string[]>() };
      move.events.set(row.event, [...(move.events.get(row.event) ?? []), guardOf(row)]);
      moves.set(key, move);
    }
  }
  const labelOf = (events: Map<string, string[]>) =>
    [...events].map(([event, guards]) => (guards.includes('') ? event : `${event} (${guards.join('; ')})`)).join(', ');
  const edges: DiagramEdge[] = [...moves.values()].map(({ from, to, events }) => ({
    from,
    to,
    label: labelOf(events),
  }));
  // The statuses refunds can no longer change end the diagram; COMPLETED and PARTIALLY_REFUNDED stay open to refunds.
  const ends = FINAL_STATUSES.filter((status) => !ORDER_TRANSITIONS.some((row) => row.from.includes(status))).map(
    (status) => ({ from: status, to: '[*]', label: '' }),
  );
  return mermaidStateDiagram([...opening, ...edges, ...ends]);
}

const list = (items: readonly string[]) => (items.length === 0 ? '–' : items.join(', '));

/** What each row of the order's transition table records, in the table's order (first match wins). */
export function orderTransitionsTable(): string {
  return markdownTable(
    ['event', 'from', 'to', 'only for', 'error code', 'callbacks', 'ledger', 'history entry'],
    ORDER_TRANSITIONS.map((row) => [
      row.event,
      row.from.join(', '),
      row.to ?? '(stays)',
      guardOf(row) || 'every order',
      row.errorCode ?? '–',
      list(row.notify),
      list(row.ledger),
      row.to === null ? 'no' : row.alwaysHistory ? 'yes, even when the status stays' : 'yes',
    ]),
  );
}

/** The phases of an order's workflow, and what each action does in each: the phase it applies in, or the refusal. */
export function orderPhasesTable(): string {
  // The status each phase is seen with; a closed order is refused an action by its own status (CANCELED here).
  const statusIn: Record<OrderPhase, OrderStatus> = {
    PREPARING: 'CREATED',
    AWAITING_PAYER: 'CREATED',
    CLAIMING: 'CREATED',
    AWAITING_AMOUNT: 'WAITING_AMOUNT',
    APPLYING_AMOUNT: 'WAITING_AMOUNT',
    AWAITING_DECISION: 'CREATED',
    DECIDING: 'CREATED',
    PAYING: 'PROCESSING',
    PAYOUT_UNCONFIRMED: 'PROCESSING',
    CLOSING: 'CREATED',
    CLOSED: 'CANCELED',
  };
  return markdownTable(
    ['phase', ...ORDER_ACTIONS],
    ORDER_PHASES.map((phase) => [
      phase,
      ...ORDER_ACTIONS.map((action) => {
        const taken = takeAction(action, { phase, status: statusIn[phase], flow: 'COLLECTION' });
        return 'refused' in taken ? taken.refused : `→ ${taken.applying ?? phase}`;
      }),
    ]),
  );
}
