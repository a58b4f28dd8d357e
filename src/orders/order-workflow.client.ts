import { Inject, Injectable } from '@nestjs/common';
import { ApplicationFailure, Client, WorkflowHandle, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import type { OrderEntity } from './order.entity';
import { orderWorkflowId, startOrderWorkflow } from './order-workflow-start';
import { type OrderRejection, type OrderStanding, type OrderStatus, rejectionMessage } from './lifecycle';
import type { OrderOutcome } from './order-steps';
import { PaymentResultView, paymentResultView, PreviewView, previewView, withOutcome } from './order-views';
import { cancelUpdate, Claim, claimUpdate, decideUpdate, Decision, expireUpdate, SubmitAmount, submitAmountUpdate } from '../../workflows/order.definitions';

/** The documented answer to a refused operation on an order: 409 with the rejection as its error_code. */
export function rejectionError(order: OrderStanding, rejection: OrderRejection, now = new Date()): ApiError {
  return new ApiError(409, rejectionMessage(order, rejection, now), rejection);
}

/**
 * A worker of the release before issue 23 answers an update with the body itself; while a
 * rolling deploy still runs one, its answer passes through. Remove once none can run
 * (docs/workflow-versioning.md).
 */
export function bodyFrom<T>(answer: OrderOutcome | T, build: (outcome: OrderOutcome) => T): T {
  return typeof answer === 'object' && answer !== null && 'updatedAt' in answer ? build(answer as OrderOutcome) : (answer as T);
}

/**
 * The API's side of the order workflow: start it, and send it the integrator's actions as
 * updates. The workflow answers with the order's outcome; the documented bodies are built here,
 * from the row the API read and that outcome.
 */
@Injectable()
export class OrderWorkflowClient {
  constructor(
    private readonly temporal: Client,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Idempotent: an order whose workflow already runs is left as it is. */
  async start(order: OrderEntity): Promise<void> {
    await startOrderWorkflow(this.temporal, this.env.TEMPORAL_TASK_QUEUE, order);
  }

  /** The open amount; answers the preview (the PUT's body). */
  async submitAmount(order: OrderEntity, input: SubmitAmount): Promise<PreviewView> {
    const answer = await this.update(order, (workflow) => workflow.executeUpdate(submitAmountUpdate, { args: [input] }));
    return bodyFrom<PreviewView>(answer, (outcome) => previewView(withOutcome(order, outcome)));
  }

  /** The payer's decision; answers the payment result (the POST's body), dated when the workflow wrote it. */
  async decide(order: OrderEntity, input: Decision): Promise<PaymentResultView> {
    const answer = await this.update(order, (workflow) => workflow.executeUpdate(decideUpdate, { args: [input] }));
    return bodyFrom<PaymentResultView>(answer, (outcome) => {
      const decided = withOutcome(order, outcome);
      return paymentResultView(decided, decided.updatedAt);
    });
  }

  /** A client scanned a collection's QR: it becomes the payer (its preview goes out as a callback). */
  claim(order: OrderEntity, input: Claim): Promise<OrderOutcome> {
    return this.update(order, (workflow) => workflow.executeUpdate(claimUpdate, { args: [input] }));
  }

  /** The collector cancels its QR; answers the order's status. */
  cancel(order: OrderEntity): Promise<OrderStatus> {
    return this.update(order, (workflow) => workflow.executeUpdate(cancelUpdate));
  }

  /** The sandbox's early expiry; answers the order's status once the expiry is written. */
  expire(order: OrderEntity): Promise<OrderStatus> {
    return this.update(order, (workflow) => workflow.executeUpdate(expireUpdate));
  }

  /**
   * A validator's refusal carries the rejection as its failure type. An order whose workflow
   * has already ended is final: the operation is refused as invalid for its status.
   */
  private async update<T>(order: OrderEntity, send: (workflow: WorkflowHandle) => Promise<T>): Promise<T> {
    try {
      return await send(this.temporal.workflow.getHandle(orderWorkflowId(order.id)));
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
        const type = error.cause.type;
        if (type === 'INVALID_STATUS' || type === 'ALREADY_PROCESSED') throw rejectionError(order, type);
      }
      if (error instanceof WorkflowNotFoundError) throw rejectionError(order, 'INVALID_STATUS');
      throw error;
    }
  }
}
