import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttl-cache';

function counter() {
  let calls = 0;
  let fail = false;
  return {
    load: async () => {
      calls += 1;
      if (fail) throw new Error('database down');
      return calls;
    },
    calls: () => calls,
    failNext: (on: boolean) => {
      fail = on;
    },
  };
}

describe('ttlCache', () => {
  it('answers from memory within the window and loads again after it', async () => {
    let clock = 1_000;
    const src = counter();
    const cache = ttlCache(5_000, src.load, () => clock);
    expect(await cache.get()).toBe(1);
    clock += 4_999;
    expect(await cache.get()).toBe(1);
    clock += 1;
    expect(await cache.get()).toBe(2);
    expect(src.calls()).toBe(2);
  });

  it('shares one load between callers that arrive while it runs', async () => {
    const src = counter();
    const cache = ttlCache(5_000, src.load, () => 0);
    const answers = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(answers).toEqual([1, 1, 1]);
    expect(src.calls()).toBe(1);
  });

  it('does not keep a failed load: the next caller tries again', async () => {
    const src = counter();
    const cache = ttlCache(5_000, src.load, () => 0);
    src.failNext(true);
    await expect(cache.get()).rejects.toThrow('database down');
    src.failNext(false);
    expect(await cache.get()).toBe(2);
  });

  it('loads again sooner when asked for a younger answer, and after clear', async () => {
    let clock = 1_000;
    const src = counter();
    const cache = ttlCache(2_000, src.load, () => clock);
    expect(await cache.get()).toBe(1);
    clock += 200;
    expect(await cache.get(250)).toBe(1);
    clock += 50;
    expect(await cache.get(250)).toBe(2);
    cache.clear();
    expect(await cache.get()).toBe(3);
  });

  it('does not keep a load that was under way when it was cleared', async () => {
    const src = counter();
    const cache = ttlCache(5_000, src.load, () => 0);
    const before = cache.get();
    cache.clear();
    expect(await cache.get()).toBe(2);
    expect(await before).toBe(1);
    expect(await cache.get()).toBe(2);
  });
});
