import type { OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../http/api-error';
import { isOperationMethod } from './openapi-routes';

interface DocumentedPath {
  pattern: RegExp;
  methods: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/collectors/{uuid}` as Express matches it: any one segment per parameter, any case, an optional trailing slash. */
function pathPattern(template: string): RegExp {
  const segments = template
    .split('/')
    .map((segment) => (/^\{[^/}]+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment)));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

function documentedPaths(paths: OpenAPIObject['paths']): DocumentedPath[] {
  return Object.entries(paths).map(([template, item]) => ({
    pattern: pathPattern(template),
    methods: Object.keys(item).filter(isOperationMethod),
  }));
}

/**
 * The methods the document declares for `path`, HEAD wherever GET is (Express answers it),
 * or null for a path the document does not know.
 */
function allowedMethods(documented: readonly DocumentedPath[], path: string): string[] | null {
  const matching = documented.filter(({ pattern }) => pattern.test(path));
  if (matching.length === 0) return null;
  const methods = new Set(matching.flatMap(({ methods }) => methods.map((method) => method.toUpperCase())));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/**
 * Express middleware, ahead of the body parser and the routes: a method the document does not
 * declare on a path it knows is answered 405 with `Allow` and the error body (OPTIONS: 204
 * with `Allow`); unknown paths go on to the router's 404. The document is the list, so a route
 * and its documentation cannot disagree on what is allowed.
 */
export function methodNotAllowed(document: OpenAPIObject) {
  const documented = documentedPaths(document.paths);
  return (request: Request, response: Response, next: NextFunction): void => {
    const allowed = allowedMethods(documented, request.path);
    if (!allowed || allowed.includes(request.method)) return next();
    const allow = allowed.join(', ');
    if (request.method === 'OPTIONS') {
      response.setHeader('Allow', allow);
      response.status(204).end();
      return;
    }
    next(new ApiError(405, 'Method Not Allowed', undefined, { Allow: allow }));
  };
}
