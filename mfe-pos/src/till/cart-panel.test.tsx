import type { Capability, Product } from '@kassa/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TillEffects } from '../checkout/checkout-thunks';
import { json, ok, stubApi } from '../testing/api-stub';
import { renderTill } from '../testing/render-till';
import { CartPanel } from './cart-panel';
import { productAdded, topUpSet } from '../cart/cart-slice';

const effects: TillEffects = { dialogs: { error: async () => true, confirm: async () => true }, playSuccess: () => undefined };
const pils: Product = { id: '1'.repeat(24), name: 'Pils', price: 250, deposit: false };
const krat: Product = { id: '2'.repeat(24), name: 'Krat pils', price: 390, deposit: true };
const ALL: Capability[] = ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const button = (name: string) => screen.getByRole('button', { name });
const labels = () => ['Cash', 'Card', 'Account', 'Other', 'Pay with your account', 'Top-up'].filter((n) => screen.queryByRole('button', { name: n }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart panel', () => {
  it('shows one checkout button per capability', () => {
    const { unmount } = renderTill(<CartPanel effects={effects} />, ALL);
    expect(labels()).toEqual(['Cash', 'Card', 'Account', 'Other']);
    unmount();
    const bar = renderTill(<CartPanel effects={effects} />, ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER']);
    expect(labels()).toEqual(['Cash', 'Account', 'Top-up']);
    bar.unmount();
    stubApi({ 'GET /account/': () => json(200, ok({ balance: 100, iban: null, creditAccount: false, account: { id: '3'.repeat(24), name: 'Marit', type: 'member', hasPin: true }, sepa: null })) });
    renderTill(<CartPanel effects={effects} />, ['PAYMENT_ACCOUNT_SELF']);
    expect(labels()).toEqual(['Pay with your account']);
  });

  it('lists lines with minus and plus, deposit note, and the total', () => {
    const { store } = renderTill(<CartPanel effects={effects} />, ALL);
    act(() => {
      store.dispatch(productAdded(pils));
      store.dispatch(productAdded(pils));
      store.dispatch(productAdded(krat));
    });
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 8,90');
    expect(screen.getByText('Statiegeld: return the empty packaging')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'One Pils less' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 6,40');
    fireEvent.click(screen.getByRole('button', { name: 'One Krat pils more' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 10,30');
  });

  it('disables everything on an empty cart', () => {
    renderTill(<CartPanel effects={effects} />, ALL);
    for (const name of ['Cash', 'Card', 'Account', 'Other']) expect(button(name)).toBeDisabled();
  });

  it('with a top-up in the cart: Account and Other off, Cash and Card on, the top-up button off', () => {
    const { store } = renderTill(<CartPanel effects={effects} />, ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER']);
    act(() => {
      store.dispatch(productAdded(pils));
    });
    expect(button('Top-up')).toBeEnabled();
    expect(button('Account')).toBeEnabled();
    act(() => {
      store.dispatch(topUpSet({ accountId: '4'.repeat(24), accountName: 'Jan de Jong', amount: 1000 }));
    });
    expect(screen.getByText('Top-up Jan de Jong')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 12,50');
    expect(button('Account')).toBeDisabled();
    expect(button('Other')).toBeDisabled();
    expect(button('Cash')).toBeEnabled();
    expect(button('Card')).toBeEnabled();
    expect(button('Top-up')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear top-up' }));
    expect(button('Account')).toBeEnabled();
    expect(button('Top-up')).toBeEnabled();
  });

  it('"Pay with your account" is off when the price exceeds a non-credit balance, and shows the balance', async () => {
    stubApi({ 'GET /account/': () => json(200, ok({ balance: 300, iban: null, creditAccount: false, account: { id: '3'.repeat(24), name: 'Marit', type: 'member', hasPin: true }, sepa: null })) });
    const { store } = renderTill(<CartPanel effects={effects} />, ['PAYMENT_ACCOUNT_SELF']);
    expect(await screen.findByTestId('own-balance')).toHaveTextContent('€ 3,00');
    act(() => {
      store.dispatch(productAdded(pils));
    });
    expect(button('Pay with your account')).toBeEnabled();
    act(() => {
      store.dispatch(productAdded(pils));
    });
    expect(button('Pay with your account')).toBeDisabled();
    expect(screen.getByTestId('self-pay-why')).toHaveTextContent(/^Balance too low: €\s3,00\. Top up your account$/);
    expect(screen.getByRole('link', { name: 'Top up your account' })).toHaveAttribute('href', '/account#top-up');
  });

  it('a credit account may go below zero; it is marked credit and shows the coming direct debit', async () => {
    stubApi({
      'GET /account/': () =>
        json(200, ok({ balance: -1250, iban: 'NL91ABNA0417164300', creditAccount: true, account: { id: '3'.repeat(24), name: 'Emma', type: 'member', hasPin: true }, sepa: { execDate: '2026-12-01', balance: 1250, iban: 'NL91ABNA0417164300' } })),
    });
    const { store } = renderTill(<CartPanel effects={effects} />, ['PAYMENT_ACCOUNT_SELF']);
    expect(await screen.findByTestId('own-balance')).toHaveTextContent('credit');
    expect(screen.getByTestId('direct-debit-due')).toHaveTextContent('Direct debit on 1 december 2026');
    expect(screen.getByTestId('direct-debit-due')).toHaveTextContent('€ 12,50');
    act(() => {
      store.dispatch(productAdded(krat));
    });
    expect(button('Pay with your account')).toBeEnabled();
  });
});
