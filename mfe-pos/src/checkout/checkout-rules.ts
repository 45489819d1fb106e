import type { Capability, CheckoutMethod, SelfAccount } from '@kassa/contracts';

export interface CheckoutButton {
  method: CheckoutMethod;
  label: string;
  disabled: boolean;
}

export interface CartFacts {
  /** Lines with products. */
  hasProducts: boolean;
  hasTopUp: boolean;
  /** Deposit returns (packaging brought back): paid out in cash or credited to an account, never by card or "other". */
  hasReturns?: boolean;
  /** Products (with their deposits) less returns, plus top-up, in cents; below zero is paid out. */
  total: number;
}

const LABELS: [CheckoutMethod, Capability, string][] = [
  ['cash', 'PAYMENT_CASH', 'Cash'],
  ['card', 'PAYMENT_CARD', 'Card'],
  ['account', 'PAYMENT_ACCOUNT_AUTHED', 'Account'],
  ['other', 'PAYMENT_OTHER', 'Other'],
  ['self', 'PAYMENT_ACCOUNT_SELF', 'Pay with your account'],
];

/**
 * SPEC 5 and 6: one button per capability. Cash and card pay products and/or a top-up; account and other need
 * products and no top-up; paying with the own account also needs enough balance unless it is a credit account. A
 * deposit return is paid out in cash or credited to an account: card and other are off while the cart holds one.
 */
export function checkoutButtons(
  capabilities: readonly Capability[],
  cart: CartFacts,
  self: Pick<SelfAccount, 'balance' | 'creditAccount'> | null | undefined,
  opts: { cardBusy?: boolean } = {},
): CheckoutButton[] {
  const held = (c: Capability) => capabilities.includes(c);
  const returns = cart.hasReturns ?? false;
  const nothing = !cart.hasProducts && !cart.hasTopUp && !returns;
  const accountBlocked = (!cart.hasProducts && !returns) || cart.hasTopUp;
  return LABELS.filter(([method, cap]) => held(cap) || (method === 'account' && held('PAYMENT_ACCOUNT_OTHER'))).map(
    ([method, , label]) => {
      let disabled: boolean;
      if (method === 'cash') disabled = nothing;
      else if (method === 'card') disabled = nothing || returns || cart.total <= 0 || (opts.cardBusy ?? false);
      else if (method === 'self') disabled = accountBlocked || !self || (!self.creditAccount && cart.total > self.balance);
      else if (method === 'other') disabled = accountBlocked || returns;
      else disabled = accountBlocked;
      return { method, label, disabled };
    },
  );
}

/**
 * Keyboard shortcuts of the pay buttons on a till with a keyboard, shown on the buttons. Function keys: they type
 * nothing, so they never clash with typing in the search field or with the card reader's "$" bursts (characters).
 */
export const PAY_SHORTCUTS: Partial<Record<CheckoutMethod, string>> = { cash: 'F1', card: 'F2', account: 'F3', other: 'F4' };

/** The method a key pays with, if it is one of the pay buttons' shortcuts. */
export const shortcutMethod = (key: string): CheckoutMethod | null =>
  (Object.entries(PAY_SHORTCUTS).find(([, k]) => k === key)?.[0] as CheckoutMethod | undefined) ?? null;

/** SPEC 6: top-ups are a bar-mode feature; one top-up per cart. */
export const topUpAvailable = (capabilities: readonly Capability[]) =>
  capabilities.includes('PAYMENT_ACCOUNT_OTHER') && (capabilities.includes('PAYMENT_CASH') || capabilities.includes('PAYMENT_CARD'));
