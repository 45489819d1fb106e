import { Agent, BalancedPool, type Dispatcher } from 'undici';

export interface ReplicaOptions {
  /** How often each replica's /ready is asked while there are several (ms). */
  checkEveryMs?: number;
  /** How long a replica may take to answer /ready before it counts as not ready (ms). */
  checkTimeoutMs?: number;
}

/**
 * Where one service's requests go, from the gateway and from the other services (internal-client.ts, audit-client.ts).
 * One address: an undici Agent. Several (ACCOUNTS_URLS and the like): undici's BalancedPool over them, and every checkEveryMs each replica is asked /ready; one that does not answer
 * ready is taken out of rotation (BalancedPool.removeUpstream) and put back when it answers again. The last replica in
 * rotation is never taken out: with every replica down, requests fail as they would with one (503).
 */
export class ServiceReplicas {
  readonly dispatcher: Dispatcher;
  readonly origins: string[];
  private readonly pool: BalancedPool | null;
  private readonly out = new Set<string>();
  private readonly timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    urls: string[],
    options: Agent.Options,
    wrap: <D extends Dispatcher>(dispatcher: D) => D = (d) => d,
    private readonly replicaOptions: ReplicaOptions = {},
  ) {
    this.origins = [...new Set(urls.map((u) => new URL(u).origin))];
    if (this.origins.length === 1) {
      this.pool = null;
      this.dispatcher = wrap(new Agent(options));
      return;
    }
    this.pool = new BalancedPool(this.origins, options);
    this.dispatcher = wrap(this.pool);
    this.timer = setInterval(() => void this.check(), replicaOptions.checkEveryMs ?? 1000);
    this.timer.unref();
  }

  /** How many replicas the service has (in rotation or not). */
  get count(): number {
    return this.origins.length;
  }

  /** The replicas requests go to now. */
  get inRotation(): string[] {
    return this.origins.filter((o) => !this.out.has(o));
  }

  /** Asks every replica /ready once and takes each out of rotation or back as it answers (one check at a time). */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async checkAll(): Promise<void> {
    const pool = this.pool;
    if (!pool) return;
    const ready = await Promise.all(this.origins.map((origin) => isReady(origin, this.replicaOptions.checkTimeoutMs ?? 800)));
    this.origins.forEach((origin, i) => {
      if (ready[i] && this.out.has(origin)) {
        pool.addUpstream(origin);
        this.out.delete(origin);
      } else if (!ready[i] && !this.out.has(origin) && this.inRotation.length > 1) {
        pool.removeUpstream(origin);
        this.out.add(origin);
      }
    });
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    await this.dispatcher.close();
  }
}

/** Whether a service (one replica) answers /ready within timeoutMs. */
export async function isReady(origin: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/ready`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** Connections from one service to another: kept alive, and a replica that does not take the connection is left fast. */
const INTERNAL_OPTIONS: Agent.Options = { connections: 64, pipelining: 1, keepAliveTimeout: 30_000, connectTimeout: 1000 };
const shared = new Map<string, ServiceReplicas>();

/**
 * The process's one ServiceReplicas for a service's addresses (SERVICE_URLS): every client of that service in the process
 * (the internal client, the audit client) shares its connections and its readiness checks.
 */
export function serviceReplicas(urls: string | string[]): ServiceReplicas {
  const list = (Array.isArray(urls) ? urls : [urls]).map((u) => new URL(u).origin);
  const key = list.join(' ');
  let replicas = shared.get(key);
  if (!replicas) {
    replicas = new ServiceReplicas(list, INTERNAL_OPTIONS);
    shared.set(key, replicas);
  }
  return replicas;
}
