import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  SchemaObject,
} from '@nestjs/swagger';
import { NUL_FREE } from '../http/input-limits';
import { isOperationMethod } from './openapi-routes';

type Schema = SchemaObject | ReferenceObject;

const isReference = (schema: Schema): schema is ReferenceObject => '$ref' in schema;

/**
 * Whether a string schema already rules NUL out: an enum, or a pattern anchored at both ends
 * (every one the service writes is a whole-value grammar without control characters).
 */
const excludesNul = (schema: SchemaObject) =>
  schema.enum !== undefined || (schema.pattern?.startsWith('^') === true && schema.pattern.endsWith('$'));

/**
 * States InputLimitsPipe's rule in the document: no string of a body or a query may hold a NUL
 * character. Every string schema reachable from a request body or a query parameter that does
 * not already exclude NUL gets NUL_FREE as a pattern (beside its own, through allOf).
 */
export function withInputLimits(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const visited = new Set<Schema>();
  const visit = (schema: Schema | undefined): void => {
    if (!schema || visited.has(schema)) return;
    visited.add(schema);
    if (isReference(schema)) return visit(components[schema.$ref.split('/').pop()!]);
    if (schema.type === 'string' && !excludesNul(schema)) {
      if (schema.pattern === undefined) schema.pattern = NUL_FREE.source;
      else schema.allOf = [...(schema.allOf ?? []), { pattern: NUL_FREE.source }];
    }
    for (const nested of [
      ...Object.values(schema.properties ?? {}),
      ...(schema.allOf ?? []),
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
    ])
      visit(nested);
    if (schema.items) visit(schema.items);
    if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties);
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(pathItem) as Array<[string, OperationObject]>) {
      if (!isOperationMethod(method)) continue;
      for (const media of Object.values((operation.requestBody as RequestBodyObject | undefined)?.content ?? {}))
        visit(media.schema);
      for (const parameter of (operation.parameters ?? []) as ParameterObject[])
        if (parameter.in === 'query') visit(parameter.schema);
    }
  }
  return document;
}
