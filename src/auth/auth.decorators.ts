import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Principal } from './token.service';

export const IS_PUBLIC = 'auth:isPublic';

/** Marks a route that needs no bearer token (token endpoints, health, docs). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export interface AuthenticatedRequest {
  principal: Principal;
}

/** The calling client's id; every resource the handler touches must belong to it. */
export const ClientId = createParamDecorator(
  (_: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().principal.clientId,
);
