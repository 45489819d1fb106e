import { makeStore } from '@kassa/api-client';
import type { LiveTransaction } from '@kassa/contracts';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../app';
import { CURSOR_HIDE_MS } from '../shared/use-idle-cursor';
import { FakeEventSource } from '../test/fake-event-source';
import { ROTATE_MS } from './slide-show';

const menu = {
  categories: [{ name: 'Bier', colour: '#f2b705', products: [{ name: 'Pils', price: 250, deposit: false }] }],
};

const sale = (id: string, name: string): LiveTransaction => ({
  id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
  at: new Date().toISOString(),
  total: 350,
  method: 'cash',
  items: [{ name, amount: 1 }],
  who: null,
});

function renderAt(path: string) {
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/slides/*" element={<App basePath="/slides" />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

/** Lets the stubbed menu request answer (the store tells React in an animation frame, so a frame at a time). */
async function menuLoaded() {
  for (let i = 0; i < 10 && !screen.queryByText('Pils'); i++) await act(() => vi.advanceTimersByTimeAsync(16));
  expect(screen.getByText('Pils')).toBeInTheDocument();
}

/** The slide on screen: the one layer not hidden from view. */
const visibleSlide = () => document.querySelector('[data-slide][aria-hidden="false"]')?.getAttribute('data-slide');

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  // A body that is read in a microtask, so the faked clock needs no real I/O turn to deliver the menu.
  const body = JSON.stringify({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result: menu });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: true, status: 200, statusText: 'OK', text: async () => body }) as unknown as Response),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/slides rotation', () => {
  it('shows the bar menu, the live transactions and the welcome slide in turn, 20 seconds each, then starts over', async () => {
    renderAt('/slides');
    expect(visibleSlide()).toBe('bar');
    act(() => vi.advanceTimersByTime(ROTATE_MS - 1));
    expect(visibleSlide()).toBe('bar');
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlide()).toBe('transactions');
    act(() => vi.advanceTimersByTime(ROTATE_MS));
    expect(visibleSlide()).toBe('welcome');
    expect(screen.getByText(`${window.location.host}/account`)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ROTATE_MS));
    expect(visibleSlide()).toBe('bar');
    await menuLoaded();
  });

  it('keeps one connection and receives sales while the live slide is not on screen', async () => {
    renderAt('/slides');
    await menuLoaded();
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.latest();
    act(() => source.open());
    act(() => source.emit('transaction', sale('a1', 'Speciaal')));
    expect(visibleSlide()).toBe('bar');

    act(() => vi.advanceTimersByTime(ROTATE_MS * 3));
    expect(visibleSlide()).toBe('bar');
    act(() => source.emit('transaction', sale('a2', 'Witbier')));
    act(() => vi.advanceTimersByTime(ROTATE_MS));
    expect(visibleSlide()).toBe('transactions');
    const live = document.querySelector('[data-slide="transactions"]')!;
    expect(live.textContent).toContain('1× Witbier');
    expect(live.textContent).toContain('1× Speciaal');
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('hides the mouse pointer after a few seconds without movement', async () => {
    renderAt('/slides/bar');
    await menuLoaded();
    const root = document.querySelector('[data-remote="mfe_slides"]')!;
    expect(root).not.toHaveClass('slides--idle');
    act(() => vi.advanceTimersByTime(CURSOR_HIDE_MS));
    expect(root).toHaveClass('slides--idle');
    act(() => {
      window.dispatchEvent(new MouseEvent('mousemove'));
    });
    expect(root).not.toHaveClass('slides--idle');
  });

  it('does not open the live feed for the bar menu alone', async () => {
    renderAt('/slides/bar');
    await menuLoaded();
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
