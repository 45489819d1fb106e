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

async function registerOnLoad() {
  vi.stubEnv('NODE_ENV', 'production');
  vi.resetModules();
  const { registerServiceWorker } = await import('./register-service-worker');
  registerServiceWorker();
  window.dispatchEvent(new Event('load'));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

test('a page the active worker does not control yet asks to be taken over', async () => {
  const { container, postMessage } = fakeContainer(false);
  await registerOnLoad();
  expect(container.register).toHaveBeenCalledWith('/sw.js');
  expect(postMessage).toHaveBeenCalledWith({ type: CLAIM_MESSAGE });
});

test('a page the worker controls already asks nothing', async () => {
  const { container, postMessage } = fakeContainer(true);
  await registerOnLoad();
  expect(container.register).toHaveBeenCalledWith('/sw.js');
  expect(postMessage).not.toHaveBeenCalled();
});
