#!/usr/bin/env node
// Reads an OpenAPI document (JSON) on stdin and writes the client package's types on stdout,
// with openapi-typescript. Plain Node on purpose: openapi-typescript loads ESM-only modules,
// which Node runs and jest's CommonJS runtime cannot; scripts/client-schema.ts runs it.
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = '// Generated from the OpenAPI document by `npm run client:generate`; do not edit.\n';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const document = JSON.parse(Buffer.concat(chunks).toString('utf8'));
process.stdout.write(HEADER + astToString(await openapiTS(document, { silent: true })));
