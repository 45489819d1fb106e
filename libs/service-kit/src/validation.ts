import { CONTROL_CHARACTER, type ValidationDetail } from '@kassa/contracts';
import type { FastifySchemaCompiler, preValidationAsyncHookHandler } from 'fastify';
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

/**
 * Detail lines for every string (value or key) in a request part that holds a control character (CONTROL_CHARACTER):
 * one line per field, named by its path, in the order of the body. Walked without recursion and with each step's path
 * kept as a link to its parent, so a body nested 100,000 deep costs neither the stack nor memory.
 */
export function controlCharacterLines(value: unknown, part: string): ValidationDetail[] {
  interface Step { value: unknown; key: string | number; parent: Step | null }
  const locOf = (step: Step) => {
    const loc: (string | number)[] = [];
    for (let at: Step | null = step; at; at = at.parent) loc.push(at.key);
    return loc.reverse();
  };
  const lines: ValidationDetail[] = [];
  const stack: Step[] = [{ value, key: part, parent: null }];
  while (stack.length > 0 && lines.length < MAX_LINES) {
    const step = stack.pop()!;
    if (typeof step.key === 'string' && step.parent && CONTROL_CHARACTER.test(step.key)) {
      lines.push({ loc: locOf(step), msg: 'Control characters (such as NUL) are not allowed in a field name.', type: 'value_error' });
      continue;
    }
    const here = step.value;
    if (typeof here === 'string') {
      if (CONTROL_CHARACTER.test(here)) lines.push({ loc: locOf(step), msg: 'Control characters (such as NUL) are not allowed here.', type: 'value_error' });
    } else if (Array.isArray(here)) {
      for (let i = here.length - 1; i >= 0; i--) stack.push({ value: here[i], key: i, parent: step });
    } else if (here !== null && typeof here === 'object' && !Buffer.isBuffer(here)) {
      for (const [key, inner] of Object.entries(here).reverse()) stack.push({ value: inner, key, parent: step });
    }
  }
  return lines;
}
const MAX_LINES = 20;

/** Refuses a request whose body, query or path holds a control character: 422, before its schema or handler sees it. */
export const refuseControlCharacters: preValidationAsyncHookHandler = async (request) => {
  const lines = [
    ...controlCharacterLines(request.params, 'path'),
    ...controlCharacterLines(request.query, 'query'),
    ...controlCharacterLines(request.body, 'body'),
  ];
  if (lines.length > 0) throw new AppError(422, 'validation_error', 'Validation error', lines);
};
