import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';

/** What aborts an upstream request at its deadline; the gateway answers it with 504. */
export class UpstreamDeadlineError extends Error {
  readonly code = 'UPSTREAM_DEADLINE_TIMEOUT';

  constructor(ms: number) {
    super(`The service did not answer within ${ms} ms`);
    this.name = 'UpstreamDeadlineError';
  }
}

/**
 * One overall deadline per client request sent on to a service: `ms` from the moment the gateway takes it, covering the
 * wait for a connection, connecting, the headers and the whole body, and every retry reply-from makes for it (a GET
 * answered 503). undici's own timeouts are per phase (connect, then headers, then each pause between body chunks), so
 * they add up, and a service trickling its body never hits one. At the deadline the upstream request is aborted: before
 * the headers the client gets 504; after them the response is cut off (its status is already on its way).
 *
 * The deadline is found by the request id the gateway gives every request (and sends on as X-Request-Id, whatever the
 * client sent), because reply-from hands the dispatcher only the upstream request, not the client's.
 */
export class UpstreamDeadlines {
  private readonly open = new Map<string, { controller: AbortController; timer: NodeJS.Timeout }>();

  constructor(readonly ms: number) {}

  /** Starts the clock for a client request; it stops when the client's response is closed (sent, or given up). */
  start(id: string, response: ServerResponse): void {
    if (this.open.has(id)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new UpstreamDeadlineError(this.ms)), this.ms);
    this.open.set(id, { controller, timer });
    response.once('close', () => {
      clearTimeout(timer);
      this.open.delete(id);
    });
  }

  /** Client requests whose response is still open (for tests: none stays behind). */
  get size(): number {
    return this.open.size;
  }

  /**
   * An undici dispatcher for reply-from (an Agent, or the BalancedPool over a service's replicas) whose every request is
   * aborted at the deadline of the client request it serves (a request the gateway did not start a clock for gets a
   * deadline of its own). The dispatcher itself is changed and returned.
   */
  wrap<D extends Dispatcher>(dispatcher: D): D {
    // Both forms of request() (reply-from uses the callback): only the options change.
    const request = dispatcher.request.bind(dispatcher) as (opts: Dispatcher.RequestOptions, callback?: unknown) => unknown;
    const withDeadline = (opts: Dispatcher.RequestOptions, callback?: unknown) => {
      const id = (opts.headers as Record<string, unknown> | undefined)?.['x-request-id'];
      const signal = (typeof id === 'string' ? this.open.get(id)?.controller.signal : undefined) ?? this.ownDeadline();
      return request({ ...opts, signal }, callback);
    };
    dispatcher.request = withDeadline as unknown as D['request'];
    return dispatcher;
  }

  private ownDeadline(): AbortSignal {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new UpstreamDeadlineError(this.ms)), this.ms).unref();
    return controller.signal;
  }
}
