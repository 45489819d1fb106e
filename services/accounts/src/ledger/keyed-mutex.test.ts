import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './keyed-mutex';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedMutex', () => {
  it('runs tasks on one key one after another, in arrival order', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let inside = 0;
    let maxInside = 0;
    const task = (name: string) => async () => {
      inside += 1;
      maxInside = Math.max(maxInside, inside);
      log.push(`start ${name}`);
      await tick();
      await tick();
      log.push(`end ${name}`);
      inside -= 1;
      return name;
    };
    const results = await Promise.all(['a', 'b', 'c'].map((n) => mutex.run('account-1', task(n))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(maxInside).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets different keys run at the same time', async () => {
    const mutex = new KeyedMutex();
    let inside = 0;
    let maxInside = 0;
    const task = async () => {
      inside += 1;
      maxInside = Math.max(maxInside, inside);
      await tick();
      inside -= 1;
    };
    await Promise.all([mutex.run('x', task), mutex.run('y', task), mutex.run('z', task)]);
    expect(maxInside).toBe(3);
  });

  it('keeps going after a task fails and forgets idle keys', async () => {
    const mutex = new KeyedMutex();
    const failing = mutex.run('k', async () => {
      throw new Error('boom');
    });
    const next = mutex.run('k', async () => 'still runs');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('still runs');
    expect(mutex.activeKeys).toBe(0);
  });
});
