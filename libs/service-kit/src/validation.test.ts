import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { validatorCompiler } from './validation';

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
