import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { controlCharacterLines, validatorCompiler } from './validation';

const validate = (schema: z.ZodType, data: unknown) => {
  const result = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '/x' })(data) as { value?: unknown; error?: AppError };
  return result;
};

describe('request validation (SPEC 5 detail lines)', () => {
  const Body = z.object({
    username: z.string(),
    amount: z.number().int().min(1),
    pin: z.string().min(1, 'Please enter a pin code.'),
  });

  it('reports an absent field as missing', () => {
    const { error } = validate(Body, { amount: 1, pin: '1' });
    expect(error?.statusCode).toBe(422);
    expect(error?.detail).toContainEqual({ loc: ['body', 'username'], msg: 'field required', type: 'missing' });
  });

  it('reports a field of the wrong type as a type error, not as missing', () => {
    const { error } = validate(Body, { username: 42, amount: 1, pin: '1' });
    expect(error?.detail).toContainEqual({ loc: ['body', 'username'], msg: 'expected string', type: 'type_error.string' });
  });

  it('reports a bound as an ensure rule and keeps the contract’s own messages', () => {
    const { error } = validate(Body, { username: 'a', amount: 0, pin: '' });
    expect(error?.detail).toContainEqual({ loc: ['body', 'amount'], msg: 'enter a value at least 1', type: 'value_error.ensure' });
    expect(error?.detail).toContainEqual({ loc: ['body', 'pin'], msg: 'Please enter a pin code.', type: 'value_error' });
  });

  it('passes parsed values through', () => {
    expect(validate(Body, { username: 'a', amount: 2, pin: '1' }).value).toEqual({ username: 'a', amount: 2, pin: '1' });
  });
});

describe('control characters in a request', () => {
  const line = (loc: (string | number)[], msg = 'Control characters (such as NUL) are not allowed here.') => ({ loc, msg, type: 'value_error' });

  it('names every field, nested or in a list, that holds a control character, and a field name that does', () => {
    const body = { name: 'Pils\u0000', lines: [{ note: 'ok\r\n\tstill ok' }, { note: '\u001B[31m' }], ['k\u007Fey']: 1, price: 2 };
    expect(controlCharacterLines(body, 'body')).toEqual([
      line(['body', 'name']),
      line(['body', 'lines', 1, 'note']),
      line(['body', 'k\u007Fey'], 'Control characters (such as NUL) are not allowed in a field name.'),
    ]);
    expect(controlCharacterLines({ q: 'a\u009Fb' }, 'query')).toEqual([line(['query', 'q'])]);
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}"x\\u0000"${']'.repeat(100_000)}`;
    const lines = controlCharacterLines(JSON.parse(deep), 'body');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.loc).toHaveLength(100_001);
  });
});
