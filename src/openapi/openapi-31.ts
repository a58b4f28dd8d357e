import type { OpenAPIObject } from '@nestjs/swagger';

type Schemaish = Record<string, unknown>;

const isObject = (value: unknown): value is Schemaish =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One schema in OpenAPI 3.1's terms (JSON Schema 2020-12), its children first: `nullable` becomes
 * a `null` type (or an `anyOf` with one, for a reference or a composition), and the boolean
 * `exclusiveMinimum`/`exclusiveMaximum` of 3.0 become the bound itself.
 */
function schema31(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(schema31);
  if (!isObject(value)) return value;
  const converted: Schemaish = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, schema31(child)]));
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (converted[flag] === true) {
      converted[flag] = converted[bound];
      delete converted[bound];
    } else if (converted[flag] === false) delete converted[flag];
  }
  if (converted.nullable !== true) return converted;
  delete converted.nullable;
  if (typeof converted.type === 'string') {
    const withNull: Schemaish = { ...converted, type: [converted.type, 'null'] };
    if (Array.isArray(converted.enum)) withNull.enum = [...(converted.enum as unknown[]), null];
    return withNull;
  }
  const { description, ...rest } = converted;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
}

/**
 * The document as OpenAPI 3.1 (the version that has `webhooks`): NestJS's swagger module and
 * nestjs-zod write 3.0, so their schemas are rewritten once, after everything else is added.
 */
export function asOpenApi31(document: OpenAPIObject): OpenAPIObject {
  return { ...(schema31(document) as OpenAPIObject), openapi: '3.1.0' };
}
