import type { Capability, Product } from '@kassa/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TillEffects } from '../checkout/till-effects';
import { json, ok, stubApi } from '../testing/api-stub';
import { renderTill } from '../testing/render-till';
import { CartPanel } from './cart-panel';
import { productAdded, returnAdded, topUpSet } from '../cart/cart-slice';

const effects: TillEffects = { dialogs: { error: async () => true, confirm: async () => true }, playSuccess: () => undefined };
const pils: Product = { id: '1'.repeat(24), name: 'Pils', price: 250, deposit: false, depositAmount: 0, adultsOnly: false };
const krat: Product = { id: '2'.repeat(24), name: 'Krat pils', price: 390, deposit: true, depositAmount: 390, adultsOnly: false };
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
    // The crate costs its price plus its deposit: 2 × 2,50 + 3,90 + 3,90.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 12,80');
    expect(screen.getByText('Statiegeld: return the empty packaging')).toBeInTheDocument();
    expect(screen.getByTestId('cart-deposit')).toHaveTextContent('+ deposit 1 × € 3,90 = € 3,90');
    fireEvent.click(screen.getByRole('button', { name: 'One Pils less' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 10,30');
    fireEvent.click(screen.getByRole('button', { name: 'One Krat pils more' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 18,10');
    expect(screen.getByTestId('cart-deposit')).toHaveTextContent('+ deposit 2 × € 3,90 = € 7,80');
  });

  it('offers the deposit return only with DEPOSIT_RETURN; a return is a negative deposit line paid out in cash or to an account', () => {
    const { unmount } = renderTill(<CartPanel effects={effects} />, ALL);
    expect(screen.queryByRole('button', { name: 'Deposit return' })).toBeNull();
    unmount();
    const { store } = renderTill(<CartPanel effects={effects} />, [...ALL, 'DEPOSIT_RETURN']);
    fireEvent.click(button('Deposit return'));
    expect(screen.getByRole('button', { name: 'Returns: on' })).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      store.dispatch(returnAdded(krat));
      store.dispatch(returnAdded(krat));
      // A product without a deposit cannot be returned.
      store.dispatch(returnAdded(pils));
    });
    const line = screen.getByTestId('cart-return');
    expect(line).toHaveTextContent('Deposit return Krat pils');
    expect(line).toHaveTextContent('2 × € 3,90 back');
    expect(screen.getAllByTestId('cart-return')).toHaveLength(1);
    expect(screen.getByText('Pay out')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 7,80');
    expect(button('Cash')).toBeEnabled();
    expect(button('Account')).toBeEnabled();
    expect(button('Card')).toBeDisabled();
    expect(button('Other')).toBeDisabled();
    // With a pils bought as well: 2,50 - 7,80, still paid out.
    act(() => {
      store.dispatch(productAdded(pils));
    });
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 5,30');
    fireEvent.click(screen.getByRole('button', { name: 'One Krat pils returned less' }));
    fireEvent.click(screen.getByRole('button', { name: 'One Krat pils returned less' }));
    expect(screen.queryByTestId('cart-return')).toBeNull();
    expect(screen.getByText('Total')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€ 2,50');
    expect(button('Card')).toBeEnabled();
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
