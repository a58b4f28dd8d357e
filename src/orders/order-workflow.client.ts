import { Inject, Injectable } from '@nestjs/common';
import {
  ApplicationFailure,
  Client,
  WorkflowHandle,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ClientLimitsCache } from '../capacity/client-limits';
import { fairnessOf } from '../capacity/fairness';
import { ENV } from '../config/config.module';
import { Env, testerSignalsAllowed } from '../config/env';
import { ApiError } from '../http/api-error';
import type { KeyedRequest } from '../idempotency/keyed-request';
import type { OrderEntity } from './order.entity';
import { OrderRepository } from './order.repository';
import { orderClientId, orderWorkflowId, startOrderWorkflow } from './order-workflow-start';
import { type OrderRejection, type OrderStanding, type OrderStatus, rejectionMessage } from './lifecycle';
import type { OrderOutcome } from './order-steps';
import { paymentResult, PaymentResultView, PreviewView, previewView, withOutcome } from './order-views';
import {
  cancelUpdate,
  Claim,
  claimUpdate,
  decideUpdate,
  Decision,
  expireUpdate,
  SubmitAmount,
  submitAmountUpdate,
} from './order-messages';

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
  return typeof answer === 'object' && answer !== null && 'updatedAt' in answer ? build(answer) : answer;
}

/**
 * Every cancel of a QR is the same request (it has no body, and only the QR's collector may
 * send it): a DELETE resent after a lost answer attaches to the first one's update.
 */
const CANCEL_UPDATE_ID = 'collections.cancel';

/**
 * How a request is known when Temporal cannot answer it: its id (absent without an
 * idempotency-key), and its answer from the order as it now stands once its change is found
 * recorded (absent for a request whose change the order shows by itself: a claim, a cancel).
 */
export interface Resend<T> {
  request?: KeyedRequest;
  answer?: (order: OrderEntity) => T;
}

/**
 * The API's side of the order workflow: start it, and send it the integrator's actions as
 * updates. The workflow answers with the order's outcome; the documented bodies are built here,
 * from the row the API read and that outcome.
 *
 * A request sent under an idempotency-key sends its update under the request's id, so that its
 * resend (after a 503: the API stopped waiting, the update stayed with Temporal) attaches to the
 * same update: it waits for the first attempt's outcome, or gets it once recorded. A resend that
 * comes after the workflow has ended, or that Temporal does not know, is known by the id its step
 * kept on the order's history, and answered from the order as it now stands (`refuse`).
 */
@Injectable()
export class OrderWorkflowClient {
  constructor(
    private readonly temporal: Client,
    private readonly orders: OrderRepository,
    private readonly limits: ClientLimitsCache,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Idempotent: an order whose workflow already runs is left as it is. */
  async start(order: OrderEntity): Promise<void> {
    const clientId = orderClientId(order);
    const priority = fairnessOf(clientId, await this.limits.of(clientId));
    await startOrderWorkflow(this.temporal, this.env.TEMPORAL_TASK_QUEUE, order, {
      priority,
      testerSignals: testerSignalsAllowed(this.env),
    });
  }

  /** The open amount; answers the preview (the PUT's body). */
  submitAmount(order: OrderEntity, input: SubmitAmount, request?: KeyedRequest): Promise<PreviewView> {
    return this.update(order, { request, answer: previewView }, async (workflow) => {
      const answer = await workflow.executeUpdate(submitAmountUpdate, {
        args: [{ ...input, requestId: request?.id }],
        updateId: request?.id,
      });
      return bodyFrom<PreviewView>(answer, (outcome) => previewView(withOutcome(order, outcome)));
    });
  }

  /** The payer's decision; answers the payment result (the POST's body), dated when the workflow wrote it. */
  decide(order: OrderEntity, input: Decision, request?: KeyedRequest): Promise<PaymentResultView> {
    return this.update(order, { request, answer: paymentResult }, async (workflow) => {
      const answer = await workflow.executeUpdate(decideUpdate, {
        args: [{ ...input, requestId: request?.id }],
        updateId: request?.id,
      });
      return bodyFrom<PaymentResultView>(answer, (outcome) => paymentResult(withOutcome(order, outcome)));
    });
  }

  /**
   * A client scanned a collection's QR: it becomes the payer (its preview goes out as a callback).
   * A claimed order names its payer and reference itself: the API knows a resent claim by them.
   */
  claim(order: OrderEntity, input: Claim, request?: KeyedRequest): Promise<OrderOutcome> {
    return this.update(order, {}, (workflow) =>
      workflow.executeUpdate(claimUpdate, { args: [input], updateId: request?.id }),
    );
  }

  /** The collector cancels its QR; answers the order's status. */
  cancel(order: OrderEntity): Promise<OrderStatus> {
    return this.update(order, {}, (workflow) => workflow.executeUpdate(cancelUpdate, { updateId: CANCEL_UPDATE_ID }));
  }

  /** The sandbox's early expiry; answers the order's status once the expiry is written. */
  expire(order: OrderEntity): Promise<OrderStatus> {
    return this.update(order, {}, (workflow) => workflow.executeUpdate(expireUpdate));
  }

  /**
   * Refuses a request (the API's own check of the order's status, or the workflow's), unless it
   * is the resend of one whose change the order records: its first attempt's answer was lost,
   * and the order may have moved on since; it is answered from the order as it now stands.
   */
  async refuse<T>(order: OrderEntity, rejection: OrderRejection, { request, answer }: Resend<T>): Promise<T> {
    const made = request && answer ? await this.orders.findChangedBy(order.id, request.id) : null;
    if (made) return answer!(made);
    throw rejectionError(order, rejection);
  }

  /**
   * A validator's refusal carries the rejection as its failure type. An order whose workflow
   * has already ended is final: the operation is refused as invalid for its status.
   */
  private async update<T>(
    order: OrderEntity,
    resend: Resend<T>,
    send: (workflow: WorkflowHandle) => Promise<T>,
  ): Promise<T> {
    try {
      return await send(this.temporal.workflow.getHandle(orderWorkflowId(order.id)));
    } catch (error) {
      if (updateFailureType(error) === 'STILL_PREPARING') throw stillPreparing(error as WorkflowUpdateFailedError);
      const rejection = rejectionOf(error);
      if (rejection === null) throw error;
      return this.refuse(order, rejection, resend);
    }
  }
}

/** How long a client whose action outwaited a preparation is told to wait before sending it again. */
const STILL_PREPARING_RETRY_AFTER_SECONDS = 2;

/**
 * An action that waited for its order's preparation longer than the workflow waits: the workers
 * are behind, as when admission sheds a preview (docs/decisions.md, "What is shed first").
 */
const stillPreparing = (error: WorkflowUpdateFailedError) =>
  new ApiError(
    503,
    error.cause?.message ?? 'The order is still being prepared; retry after Retry-After seconds',
    'OVERLOADED',
    {
      'Retry-After': String(STILL_PREPARING_RETRY_AFTER_SECONDS),
    },
  );

const updateFailureType = (error: unknown) =>
  error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure
    ? error.cause.type
    : undefined;

function rejectionOf(error: unknown): OrderRejection | null {
  const type = updateFailureType(error);
  if (type === 'INVALID_STATUS' || type === 'ALREADY_PROCESSED') return type;
  return error instanceof WorkflowNotFoundError ? 'INVALID_STATUS' : null;
}
