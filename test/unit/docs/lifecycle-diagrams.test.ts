import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARCHITECTURE_PATH, LIFECYCLE_DOCS_COMMAND, withLifecycleSection } from '../../../scripts/lifecycle-docs';

const ROOT = join(__dirname, '..', '..', '..');

describe(`the lifecycle section of ${ARCHITECTURE_PATH}`, () => {
  it('is what the lifecycle modules generate: the diagrams a reader sees are the transitions the code runs', () => {
    const committed = readFileSync(join(ROOT, ARCHITECTURE_PATH), 'utf8');
    if (withLifecycleSection(committed) !== committed) {
      throw new Error(`${ARCHITECTURE_PATH} and the lifecycle modules disagree: run \`${LIFECYCLE_DOCS_COMMAND}\` and commit the document`);
    }
  });

  it('shows the order and the refund as Mermaid state diagrams, with the events between their statuses', () => {
    const committed = readFileSync(join(ROOT, ARCHITECTURE_PATH), 'utf8');
    expect(committed.match(/```mermaid\nstateDiagram-v2\n/g)).toHaveLength(2);
    expect(committed).toContain('  CREATED --> PROCESSING : ACCEPTED\n');
    expect(committed).toContain('  PENDING --> COMPLETED : RAIL_REFUNDED or OPERATOR_REFUNDED\n');
  });
});
