// The page side of the service worker's take-over (jsdom, with a stand-in for navigator.serviceWorker: jsdom has none).
// In real Chromium it is exercised by e2e/tests/till-offline.spec.ts.
import { CLAIM_MESSAGE } from './messages';

function fakeContainer(controlled: boolean) {
  const postMessage = vi.fn();
  const registration = { active: { postMessage } };
  const container = {
    controller: controlled ? {} : null,
    register: vi.fn(() => Promise.resolve(registration)),
    ready: Promise.resolve(registration),
    getRegistrations: vi.fn(() => Promise.resolve([])),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, postMessage };
}

async function registerOnLoad(container: { register: ReturnType<typeof vi.fn> }, firstScreen?: Promise<unknown>) {
  vi.stubEnv('NODE_ENV', 'production');
  vi.resetModules();
  const { registerServiceWorker } = await import('./register-service-worker');
  registerServiceWorker(firstScreen);
  window.dispatchEvent(new Event('load'));
  if (firstScreen) await firstScreen.catch(() => undefined);
  await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

test('a page the active worker does not control yet asks to be taken over', async () => {
  const { container, postMessage } = fakeContainer(false);
  await registerOnLoad(container);
  expect(container.register).toHaveBeenCalledWith('/sw.js');
  expect(postMessage).toHaveBeenCalledWith({ type: CLAIM_MESSAGE });
});

test('a page the worker controls already asks nothing', async () => {
  const { container, postMessage } = fakeContainer(true);
  await registerOnLoad(container);
  expect(container.register).toHaveBeenCalledWith('/sw.js');
  expect(postMessage).not.toHaveBeenCalled();
});

test("registers only after the page has loaded and its remote has arrived, or failed", async () => {
  for (const outcome of ['arrives', 'fails'] as const) {
    const { container } = fakeContainer(false);
    let settle!: () => void;
    const remote = new Promise<void>((resolve, reject) => (settle = outcome === 'arrives' ? resolve : () => reject(new Error('down'))));
    remote.catch(() => undefined);
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    const { registerServiceWorker } = await import('./register-service-worker');
    registerServiceWorker(remote);
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.register).not.toHaveBeenCalled();
    settle();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith('/sw.js'));
    Reflect.deleteProperty(navigator, 'serviceWorker');
  }
});
