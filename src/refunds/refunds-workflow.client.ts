import { Inject, Injectable } from '@nestjs/common';
import {
  ApplicationFailure,
  Client,
  WithStartWorkflowOperation,
  WorkflowIdConflictPolicy,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ClientLimitsCache } from '../capacity/client-limits';
import { fairnessOf } from '../capacity/fairness';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import { CLIENT_ID, EXTERNAL_REFERENCE } from '../temporal/search-attribute-keys';
import type { OrderEntity } from '../orders/order.entity';
import type { RefundAnswer } from './refund-steps';
import { RefundResultView, refundResultView } from './refund-views';
import {
  REFUNDS_WORKFLOW,
  RefundRequest,
  type RefundsWorkflow,
  refundsWorkflowId,
  requestRefundUpdate,
} from './refund-messages';

/** A refunds workflow that is about to end refuses new requests; a retry starts its next run. */
const CLOSING_RETRIES = 5;

/** The API's side of an order's refunds workflow: asked with update-with-start, so a first refund starts it. */
@Injectable()
export class RefundsWorkflowClient {
  constructor(
    private readonly temporal: Client,
    private readonly limits: ClientLimitsCache,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * `updateId`: a request sent under an idempotency-key sends its update under the request's id
   * (KeyedRequest), so a resend after a 503 attaches to the first attempt's update.
   */
  async request(order: OrderEntity, request: RefundRequest, updateId?: string): Promise<RefundResultView> {
    const clientId = request.requestedByClientId;
    const priority = fairnessOf(clientId, await this.limits.of(clientId));
    for (let attempt = 1; ; attempt += 1) {
      const startWorkflowOperation = new WithStartWorkflowOperation<RefundsWorkflow>(REFUNDS_WORKFLOW, {
        workflowId: refundsWorkflowId(order.id),
        taskQueue: this.env.TEMPORAL_TASK_QUEUE,
        args: [{ orderId: order.id }],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        priority,
        typedSearchAttributes: [
          { key: CLIENT_ID, value: clientId },
          { key: EXTERNAL_REFERENCE, value: order.externalReference ?? '' },
        ],
      });
      try {
        const answer: RefundAnswer | RefundResultView = await this.temporal.workflow.executeUpdateWithStart(
          requestRefundUpdate,
          { args: [request], startWorkflowOperation, updateId },
        );
        // A worker of the release before issue 23 answers the body itself, while a rolling deploy still runs one (docs/workflow-versioning.md).
        return 'refundId' in answer ? refundResultView(order, answer) : answer;
      } catch (error) {
        const type =
          error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure
            ? error.cause.type
            : undefined;
        if (type === 'REFUNDS_CLOSING' && attempt < CLOSING_RETRIES) continue;
        if (type === 'AMOUNT_EXCEEDS_REFUNDABLE')
          throw new ApiError(422, (error as WorkflowUpdateFailedError).cause!.message, 'AMOUNT_EXCEEDS_REFUNDABLE');
        if (type === 'INVALID_STATUS')
          throw new ApiError(409, (error as WorkflowUpdateFailedError).cause!.message, 'INVALID_STATUS');
        throw error;
      }
    }
  }
}
