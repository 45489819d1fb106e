import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberConfig, ok, renderRemote, stubApi } from '../../testing/render-remote';
import { WrappedSection } from './wrapped-section';

afterEach(() => vi.unstubAllGlobals());

const perMonth = [3, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const wrapped = {
  year: 2026,
  computedAt: '2026-02-20T10:00:00.000Z',
  mine: { purchases: 4, items: 8, spent: 2150, topProduct: { name: 'Pils', count: 6 }, busiestDay: { day: '2026-02-13', items: 5 }, perMonth },
  bar: { purchases: 900, items: 1600, topProduct: { name: 'Cola', count: 400 }, perMonth: [800, 800, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
};

describe('POS Wrapped on /account', () => {
  it('shows the cards of the year: most bought, busiest evening, money spent and the share of the bar', async () => {
    stubApi({ 'GET /api/account/wrapped/': () => json(200, ok({ ready: true, wrapped })) });
    renderRemote(<WrappedSection />, { path: '/account', config: memberConfig({ posWrappedAvailable: true }) });
    expect(await screen.findByRole('heading', { name: 'Your 2026 at the bar' })).toBeInTheDocument();
    expect(screen.getByText('Pils')).toBeInTheDocument();
    expect(screen.getByText('6 times')).toBeInTheDocument();
    expect(screen.getByText('vrijdag 13 februari')).toBeInTheDocument();
    expect(screen.getByText(/21,50/)).toBeInTheDocument();
    expect(screen.getByText('0,5%')).toBeInTheDocument();
    expect(screen.getByText(/of the 1.600 items the bar sold; the bar's favourite: Cola/)).toBeInTheDocument();
  });

  it('says the year is being worked out while the worker has not finished', async () => {
    stubApi({ 'GET /api/account/wrapped/': () => json(200, ok({ ready: false, wrapped: null })) });
    renderRemote(<WrappedSection />, { path: '/account', config: memberConfig({ posWrappedAvailable: true }) });
    expect(await screen.findByText('Your year is being worked out. This takes a moment.')).toBeInTheDocument();
  });
});
