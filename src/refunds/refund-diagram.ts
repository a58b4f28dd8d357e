import { markdownTable, mermaidStateDiagram, type DiagramEdge } from '../orders/lifecycle/diagram';
import { REFUND_TRANSITIONS, refundStep } from './refund-lifecycle';

/** The refund's lifecycle as documentation, made from its transition table (docs/architecture.md). */

/** A refund's statuses: asked for as PENDING, settled once. */
export function refundStatusDiagram(): string {
  const settled = new Map<string, DiagramEdge>();
  for (const { from, to, event } of REFUND_TRANSITIONS) {
    const edge = settled.get(to) ?? { from, to, label: '' };
    edge.label = edge.label ? `${edge.label} or ${event}` : event;
    settled.set(to, edge);
  }
  const ends = [...settled.keys()].map((status) => ({ from: status, to: '[*]', label: '' }));
  return mermaidStateDiagram([{ from: '[*]', to: 'PENDING', label: 'requested' }, ...settled.values(), ...ends]);
}

/** What each settlement records: the refund's status and error, and the event it is to the order (which the order's table turns into a status, callbacks and ledger entries). */
export function refundTransitionsTable(): string {
  return markdownTable(
    ['event', 'refund becomes', 'error code', 'order event'],
    REFUND_TRANSITIONS.map(({ event, to, errorCode }) => {
      const refunded = (left: string) =>
        refundStep(event, { total: '10', refundedBefore: '0', amount: left }).orderEvent;
      const orderEvent =
        refunded('10') === refunded('4')
          ? refunded('10')
          : `${refunded('10')} when nothing is left, else ${refunded('4')}`;
      return [event, to, errorCode ?? '–', orderEvent];
    }),
  );
}
