/** The OpenAPI document as src/server/openapi builds it: valid OpenAPI 3.1 by @readme/openapi-parser. */
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '~/server/openapi/document.ts';

describe('the OpenAPI document', () => {
  it('validates', async () => {
    const doc = buildDocument();
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    if (process.env.OPENAPI_DUMP) (await import('node:fs')).writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(doc, null, 2));
  });
});
