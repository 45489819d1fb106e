import { navOpened, useAppDispatch } from '@kassa/api-client';
import { Button, LoadingArea, MenuIcon } from '@kassa/ui';
import { Component, createElement, Suspense, useCallback, useState, useSyncExternalStore, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { promiseState, type PromiseState } from './promise-state';
import { loadRemoteApp } from './remote-registry';
import { REMOTE_LABELS, type RemoteAppModule, type RemoteName } from './remote-types';

type Loader = (name: RemoteName, opts: { retry: boolean }) => Promise<RemoteAppModule>;

// One load per remote and attempt: moving between /account and /setup reuses the loaded remote without a loading
// flash; a retry asks again, because a failed load is remembered like any other.
const loads = new WeakMap<Loader, Map<string, Promise<RemoteAppModule>>>();
function loadOnce(loader: Loader, name: RemoteName, attempt: number): Promise<RemoteAppModule> {
  let perLoader = loads.get(loader);
  if (!perLoader) {
    perLoader = new Map();
    loads.set(loader, perLoader);
  }
  const key = `${name}#${attempt}`;
  let promise = perLoader.get(key);
  if (!promise) {
    promise = loader(name, { retry: attempt > 0 });
    promiseState(promise);
    perLoader.set(key, promise);
  }
  return promise;
}

const attempts = new WeakMap<Loader, Map<RemoteName, number>>();
const attemptsOf = (loader: Loader) => {
  let m = attempts.get(loader);
  if (!m) {
    m = new Map();
    attempts.set(loader, m);
  }
  return m;
};

export interface RemoteAreaProps {
  remote: RemoteName;
  basePath: string;
  /** Replaceable in tests; production loads through Module Federation. */
  loader?: Loader;
}

/** A remote's place in the page: its loading state and, when it fails, an error with a Retry in this area only. */
export function RemoteArea({ remote, basePath, loader = loadRemoteApp }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(() => attemptsOf(loader).get(remote) ?? 0);
  const { pathname } = useLocation();
  const retry = () => {
    const next = attempt + 1;
    attemptsOf(loader).set(remote, next);
    setAttempt(next);
  };
  const loading = <LoadingArea label={`Loading ${REMOTE_LABELS[remote].toLowerCase()}`} />;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} resetKey={pathname} onRetry={retry}>
      {/* For what the remote itself suspends on; its own loading is followed below, outside Suspense. */}
      <Suspense fallback={loading}>
        <RemoteView load={loadOnce(loader, remote, attempt)} basePath={basePath} remote={remote} loading={loading} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * The state of a promise, re-rendering when it settles. Unlike `use()` with Suspense this draws a remote that loaded
 * while the shell started at once, and one still loading as soon as it arrives: React holds back content revealed
 * after a Suspense fallback by up to 300 ms.
 */
function usePromiseState<T>(promise: Promise<T>): PromiseState<T> {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let live = true;
      const changed = () => {
        if (live) onChange();
      };
      promise.then(changed, changed);
      return () => {
        live = false;
      };
    },
    [promise],
  );
  return useSyncExternalStore(subscribe, () => promiseState(promise));
}

function RemoteView({ load, basePath, remote, loading }: { load: Promise<RemoteAppModule>; basePath: string; remote: RemoteName; loading: ReactNode }) {
  const state = usePromiseState(load);
  if (state.status === 'rejected') throw state.reason;
  if (state.status === 'pending') return loading;
  // `display: contents` marks which remote drew the area (for tests and debugging) without changing the layout.
  return createElement('div', { 'data-remote': remote, style: { display: 'contents' } }, createElement(state.value.default, { basePath }));
}

interface BoundaryProps {
  remote: RemoteName;
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.remote} failed`, error, info.componentStack);
  }

  override componentDidUpdate(prev: BoundaryProps) {
    // A crash on one page of a remote should not follow the user to its other pages.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RemoteFailure remote={this.props.remote} error={error} onRetry={this.props.onRetry} />;
  }
}

function RemoteFailure({ remote, error, onRetry }: { remote: RemoteName; error: Error; onRetry: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <>
      {/* The till brings its own menu button; while it is missing the shell offers one, so navigation still works. */}
      {remote === 'mfe_pos' ? (
        <header className="shell__topbar">
          <Button variant="ghost" icon aria-label="Open menu" onClick={() => dispatch(navOpened())}>
            <MenuIcon />
          </Button>
          <span className="shell__title">Kassa</span>
        </header>
      ) : null}
      <div className="k-page k-page--narrow">
        <div className="k-alert k-alert--error k-stack" role="alert">
          <strong>{REMOTE_LABELS[remote]} could not be loaded.</strong>
          <span>The rest of Kassa keeps working. Check the connection and try again.</span>
          <details>
            <summary>Details</summary>
            <code className="k-mono" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {remote}: {error.message}
            </code>
          </details>
          <div>
            <Button variant="primary" onClick={onRetry}>
              Retry
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
