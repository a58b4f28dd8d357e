import type { INestApplication, Type } from '@nestjs/common';
import { METHOD_METADATA, PARAMTYPES_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { isZodDto } from 'nestjs-zod/dto';
import { IS_PUBLIC } from '../auth/auth.decorators';
import { QUOTA_CLASSES_OF } from '../capacity/quota.guard';
import type { QuotaClass } from '../config/quota-policy';
import { IS_PROBE } from '../health/probe.decorator';
import { IDEMPOTENT_OPERATION } from '../idempotency/idempotency.interceptor';

/** The keys of an OpenAPI path item that are operations (the others are its summary, parameters…). */
const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
export const isOperationMethod = (key: string) => OPERATION_METHODS.has(key);

/** How the document names an operation; the facts below find their operation by it. */
export const operationIdOf = (controllerKey: string, methodKey: string) => `${controllerKey}_${methodKey}`;

/**
 * What the pipeline a route goes through makes it answer, read from the same metadata the
 * guard, the pipes and the interceptor act on, so that the document follows the code.
 */
export interface RouteFacts {
  operationId: string;
  /** Marked @Public(): the bearer guard lets it through (otherwise: 401). */
  isPublic: boolean;
  /** Reads a body: the JSON parser's 400, 413 and 415 apply. */
  takesBody: boolean;
  /** A body or query (InputLimitsPipe) or a zod DTO (ZodValidationPipe) to refuse with 400. */
  validatesInput: boolean;
  /** @Idempotent: the idempotency-key's 400, 409 and 422 apply. */
  idempotent: boolean;
  /** @Probe(): answers for itself, never the shared 503. */
  isProbe: boolean;
  /** @Quota: the classes of the client's quota it counts against (429, the RateLimit headers; previews: admission's 503). */
  quotaClasses: readonly QuotaClass[];
}

const INPUT_SOURCES = new Set<RouteParamtypes>([RouteParamtypes.BODY, RouteParamtypes.QUERY, RouteParamtypes.PARAM]);

function routeArguments(controller: Type, methodKey: string): Array<{ type: RouteParamtypes; metatype: unknown }> {
  const args =
    (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodKey) as
      Record<string, { index: number }> | undefined) ?? {};
  const metatypes =
    (Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype as object, methodKey) as unknown[] | undefined) ??
    [];
  // Nest's own arguments are keyed `<RouteParamtypes>:<index>`; custom decorators' keys start
  // with a random id instead (which may begin with digits), and read no request input.
  return Object.entries(args)
    .filter(([key]) => /^\d+:\d+$/.test(key))
    .map(([key, { index }]) => ({ type: Number(key.split(':')[0]), metatype: metatypes[index] }));
}

function factsOf(controller: Type, methodKey: string, handler: object): RouteFacts {
  const args = routeArguments(controller, methodKey);
  const takesBody = args.some(({ type }) => type === RouteParamtypes.BODY);
  const takesQuery = args.some(({ type }) => type === RouteParamtypes.QUERY);
  return {
    operationId: operationIdOf(controller.name, methodKey),
    isPublic: Boolean(Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller)),
    takesBody,
    validatesInput:
      takesBody || takesQuery || args.some(({ type, metatype }) => INPUT_SOURCES.has(type) && isZodDto(metatype)),
    idempotent: Reflect.getMetadata(IDEMPOTENT_OPERATION, handler) !== undefined,
    isProbe: Boolean(Reflect.getMetadata(IS_PROBE, handler) ?? Reflect.getMetadata(IS_PROBE, controller)),
    quotaClasses: (Reflect.getMetadata(QUOTA_CLASSES_OF, handler) as readonly QuotaClass[] | undefined) ?? [],
  };
}

/** One entry per route handler of every controller the application registered. */
export function routeFacts(app: INestApplication): RouteFacts[] {
  const facts: RouteFacts[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type;
      const prototype = controller.prototype as object;
      for (const methodKey of Object.getOwnPropertyNames(prototype)) {
        const handler: unknown = Object.getOwnPropertyDescriptor(prototype, methodKey)?.value;
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        facts.push(factsOf(controller, methodKey, handler));
      }
    }
  }
  return facts;
}
