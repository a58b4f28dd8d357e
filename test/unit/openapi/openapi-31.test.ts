import type { OpenAPIObject } from '@nestjs/swagger';
import { asOpenApi31 } from '../../../src/openapi/openapi-31';

describe('the document as OpenAPI 3.1', () => {
  const document = (schemas: Record<string, unknown>) =>
    ({ openapi: '3.0.0', info: { title: 't', version: '2' }, paths: {}, components: { schemas } }) as OpenAPIObject;

  it('says 3.1.0, and puts null among the types of a nullable schema, its enum included', () => {
    const converted = asOpenApi31(
      document({
        A: {
          type: 'object',
          properties: {
            name: { type: 'string', nullable: true, description: 'd' },
            kind: { type: 'string', enum: ['X', 'Y'], nullable: true },
            plain: { type: 'integer' },
          },
        },
      }),
    );
    expect(converted.openapi).toBe('3.1.0');
    expect(converted.components!.schemas!.A).toEqual({
      type: 'object',
      properties: {
        name: { type: ['string', 'null'], description: 'd' },
        kind: { type: ['string', 'null'], enum: ['X', 'Y', null] },
        plain: { type: 'integer' },
      },
    });
  });

  it('makes a nullable reference or composition an anyOf with null, keeping its description outside', () => {
    const converted = asOpenApi31(
      document({ B: { allOf: [{ $ref: '#/components/schemas/A' }], nullable: true, description: 'maybe an A' } }),
    );
    expect(converted.components!.schemas!.B).toEqual({
      description: 'maybe an A',
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/A' }] }, { type: 'null' }],
    });
  });

  it('turns the boolean exclusive bounds of 3.0 into the bounds themselves', () => {
    const converted = asOpenApi31(
      document({
        C: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false },
      }),
    );
    expect(converted.components!.schemas!.C).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 10 });
  });
});
