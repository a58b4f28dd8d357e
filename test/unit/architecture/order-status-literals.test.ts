import { join, relative } from 'node:path';
import ts from 'typescript';
import { ORDER_STATUSES } from '../../../src/orders/lifecycle';

const ROOT = join(__dirname, '..', '..', '..');

/** Where an order's statuses may be written out: the lifecycle that owns them, and migrations (a schema is written once, as it was). */
const OWNERS = [/^src\/orders\/lifecycle\//, /^src\/db\/migrations\//];

/** A type that takes every order status (OrderStatus, or a union holding it, such as `OrderStatus | null`). */
function holdsEveryStatus(type: ts.Type | undefined): boolean {
  if (!type) return false;
  const members = type.isUnion() ? type.types : [type];
  const literals = new Set(members.filter((member) => member.isStringLiteral()).map((member) => member.value));
  return ORDER_STATUSES.every((status) => literals.has(status));
}

/**
 * Whether the string literal stands for an order status: it is written where an order status
 * goes (an argument, an element, a property, a return value), or compared with one.
 */
function isOrderStatus(node: ts.StringLiteral, checker: ts.TypeChecker): boolean {
  if (holdsEveryStatus(checker.getContextualType(node))) return true;
  const parent = node.parent;
  if (
    ts.isBinaryExpression(parent) &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
      parent.operatorToken.kind,
    )
  ) {
    const other = parent.left === node ? parent.right : parent.left;
    return holdsEveryStatus(checker.getTypeAtLocation(other));
  }
  if (ts.isCaseClause(parent)) return holdsEveryStatus(checker.getTypeAtLocation(parent.parent.parent.expression));
  return false;
}

/**
 * Issue 30: the lifecycle owns every set of order statuses (open, decided, refundable,
 * reported, final: src/orders/lifecycle). Anywhere else an order status written out is a copy
 * that a new status would silently miss; this reads the code with its types, so a literal that
 * is a refund's, a rail's or an idempotency key's status passes, and only an order's is caught.
 */
describe('order statuses', () => {
  it('are written out only by the lifecycle (and migrations)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(ROOT, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!;
    const rootNames = config.fileNames.filter((file) => /^(src|workflows|activities)\//.test(relative(ROOT, file)));
    const program = ts.createProgram({ rootNames, options: { ...config.options, incremental: false, noEmit: true } });
    const checker = program.getTypeChecker();
    const found: string[] = [];
    for (const source of program.getSourceFiles()) {
      const path = relative(ROOT, source.fileName);
      if (!/^(src|workflows|activities)\//.test(path) || OWNERS.some((owner) => owner.test(path))) continue;
      const visit = (node: ts.Node): void => {
        if (
          ts.isStringLiteral(node) &&
          (ORDER_STATUSES as readonly string[]).includes(node.text) &&
          isOrderStatus(node, checker)
        ) {
          found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} '${node.text}'`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
