/** Where a promise stands, readable synchronously (React's `use()` keeps the same facts on the promise itself). */
export type PromiseState<T> = { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown };

const PENDING: PromiseState<never> = { status: 'pending' };
const states = new WeakMap<Promise<unknown>, PromiseState<unknown>>();

/** The state of `promise`, followed from the first call on; call it when the promise is made to know it at once later. */
export function promiseState<T>(promise: Promise<T>): PromiseState<T> {
  let state = states.get(promise) as PromiseState<T> | undefined;
  if (!state) {
    state = PENDING;
    states.set(promise, state);
    promise.then(
      (value) => states.set(promise, { status: 'fulfilled', value }),
      (reason: unknown) => states.set(promise, { status: 'rejected', reason }),
    );
  }
  return state;
}
