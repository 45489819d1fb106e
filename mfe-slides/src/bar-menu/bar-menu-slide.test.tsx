import { makeStore } from '@kassa/api-client';
import { json, ok, stubFetch } from '@kassa/api-client/testing';
import type { MenuResult } from '@kassa/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_POLL_MS } from './bar-menu-api';
import { BarMenuSlide } from './bar-menu-slide';

const MENU: MenuResult = {
  categories: [
    {
      name: 'Bier',
      colour: '#f2b705',
      products: [
        { name: 'Pils', price: 250, deposit: false, adultsOnly: true },
        { name: 'Fles pils', price: 275, deposit: true, adultsOnly: false },
        { name: 'Krat pils (statiegeld)', price: 390, deposit: true, adultsOnly: false },
      ],
    },
    {
      name: 'Snacks',
      colour: '#2c3e50',
      products: [
        { name: 'Chips', price: 120, deposit: false, adultsOnly: false },
        { name: 'Broodje kroket met mosterd en een klein bakje mayonaise', price: 325, deposit: false, adultsOnly: false },
      ],
    },
  ],
};

/** Answers GET /api/products/menu/ with whatever `current` holds at the time of the call. */
function serveMenu(first: MenuResult) {
  const state = { current: first as MenuResult | Promise<Response> };
  const calls = stubFetch(() => (state.current instanceof Promise ? state.current : json(200, ok(state.current))));
  return Object.assign(state, { calls });
}

const renderSlide = () =>
  render(
    <Provider store={makeStore()}>
      <BarMenuSlide />
    </Provider>,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BarMenuSlide', () => {
  it('marks an 18+ product, and only that one', async () => {
    serveMenu(MENU);
    renderSlide();
    const pils = (await screen.findByText('Pils')).closest('li')!;
    expect(within(pils).getByText('18+')).toHaveAttribute('title', 'Alleen voor 18 jaar en ouder');
    expect(screen.getAllByText('18+')).toHaveLength(1);
  });

  it('shows each category as a band in its own colour, with text that reads on it', async () => {
    const api = serveMenu(MENU);
    renderSlide();
    const bier = await screen.findByRole('heading', { name: 'Bier' });
    expect(bier).toHaveStyle({ backgroundColor: 'rgb(242, 183, 5)', color: 'rgb(0, 0, 0)' });
    expect(screen.getByRole('heading', { name: 'Snacks' })).toHaveStyle({ backgroundColor: 'rgb(44, 62, 80)', color: 'rgb(255, 255, 255)' });
    expect(api.calls[0]).toMatchObject({ path: '/api/products/menu/', auth: undefined });
  });

  it('lists the products under their category with nl-NL euro prices and marks deposit items', async () => {
    serveMenu(MENU);
    renderSlide();
    const bier = within(await screen.findByRole('region', { name: 'Bier' }));
    const pils = bier.getByText('Pils').closest('li')!;
    expect(within(pils).getByText('€ 2,50')).toBeInTheDocument();
    expect(within(pils).queryByText('statiegeld')).toBeNull();
    const fles = bier.getByText('Fles pils').closest('li')!;
    expect(within(fles).getByText('€ 2,75')).toBeInTheDocument();
    expect(within(fles).getByText('statiegeld')).toBeInTheDocument();
    // A name that already says so gets no second tag.
    const krat = bier.getByText('Krat pils (statiegeld)').closest('li')!;
    expect(krat).toHaveAttribute('data-deposit');
    expect(within(krat).queryByText('statiegeld')).toBeNull();
    const snacks = within(screen.getByRole('region', { name: 'Snacks' }));
    expect(snacks.getByText('€ 1,20')).toBeInTheDocument();
    expect(snacks.queryByText('Pils')).toBeNull();
  });

  it('gives names above 36 characters the long-name style', async () => {
    serveMenu(MENU);
    renderSlide();
    const long = (await screen.findByText('Broodje kroket met mosterd en een klein bakje mayonaise')).closest('li')!;
    expect(long).toHaveClass('menu__item--long');
    expect(screen.getByText('Chips').closest('li')).not.toHaveClass('menu__item--long');
  });

  it('polls every 30 seconds and keeps the old menu on screen until the new one is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveMenu(MENU);
    renderSlide();
    await screen.findByText('€ 2,50');

    let answer!: (r: Response) => void;
    api.current = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    await act(() => vi.advanceTimersByTimeAsync(MENU_POLL_MS));
    expect(api.calls).toHaveLength(2);
    expect(screen.getByText('Pils')).toBeInTheDocument();
    expect(screen.getByText('€ 2,50')).toBeInTheDocument();

    const cheaper = structuredClone(MENU);
    cheaper.categories[0]!.products[0]!.price = 200;
    await act(async () => answer(json(200, ok(cheaper))));
    expect(await screen.findByText('€ 2,00')).toBeInTheDocument();
    expect(screen.queryByText('€ 2,50')).toBeNull();
  });

  it("asks again as often as the menu says (the catalog's MENU_REFRESH_MS)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveMenu({ ...MENU, refreshMs: 5_000 });
    renderSlide();
    await screen.findByText('€ 2,50');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.calls).toHaveLength(3);
  });

  it('keeps showing the last menu when a poll fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveMenu(MENU);
    renderSlide();
    await screen.findByText('€ 2,50');
    api.current = Promise.resolve(new Response('bad gateway', { status: 502 }));
    await act(() => vi.advanceTimersByTimeAsync(MENU_POLL_MS));
    expect(api.calls).toHaveLength(2);
    expect(screen.getByText('€ 2,50')).toBeInTheDocument();
    expect(screen.queryByText(/cannot be loaded/)).toBeNull();
  });

  it('says so when the menu cannot be loaded at all', async () => {
    serveMenu(MENU).current = Promise.resolve(new Response('bad gateway', { status: 502 }));
    renderSlide();
    expect(await screen.findByText(/The menu cannot be loaded right now/)).toBeInTheDocument();
  });
});
