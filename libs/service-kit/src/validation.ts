import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError, issuesToDetail } from './errors';

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Validates request parts with zod and answers 422 with `detail` lines (SPEC 5) on failure. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const parsed = schema.safeParse(data, { reportInput: true });
    if (parsed.success) return { value: parsed.data };
    const part = PART_NAMES[httpPart ?? 'body'] ?? 'body';
    return {
      error: new AppError(422, 'validation_error', 'Validation error', issuesToDetail(parsed.error.issues, [part])),
    };
  };
