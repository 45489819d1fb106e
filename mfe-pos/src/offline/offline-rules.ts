import type { TillAccount } from '@kassa/contracts';
import { formatMoney } from '@kassa/ui';

/** What the till may sell while it is offline (decisions "Offline till"). */
export type OfflineMethod = 'cash' | 'other' | 'account';

/** The messages of what the till refuses while offline: what to do instead. */
export const OFFLINE_REFUSALS = {
  card: { title: 'Card payments need the network', text: 'The till is offline. Take cash or choose Other, or try the card again when the network is back.' },
  topUp: { title: 'Top-ups need the network', text: 'The till is offline: topping up an account waits until the network is back. Sales for cash go on.' },
  pin: {
    title: 'Account payments need the network here',
    text: 'The till is offline, and PINs are never kept on the till, so an account cannot be checked. Pay cash, or try again when the network is back.',
  },
  self: { title: 'Paying with your account needs the network', text: 'The till is offline. Pay cash, or try again when the network is back.' },
  memberCard: { title: 'Member cards need the network here', text: 'The till is offline and knows no member cards. Pick the account from the list, or pay cash.' },
  noBalance: { title: 'Account unknown offline', text: 'The till has no balance for this account while offline. Pay cash, or try again when the network is back.' },
} as const;

/**
 * Why an account sale may not be made offline, or null when it may: the last balance the till knows, minus this till's
 * own sales waiting to be sent, minus this sale, must stay at or above the account's offline floor.
 */
export function offlineAccountRefusal(account: Pick<TillAccount, 'name' | 'balance' | 'offlineFloor'>, total: number, waiting: number): string | null {
  if (account.balance === null || account.offlineFloor === null || account.offlineFloor === undefined) return OFFLINE_REFUSALS.noBalance.text;
  const available = account.balance - waiting - account.offlineFloor;
  if (total <= available) return null;
  const minus = waiting > 0 ? ` minus ${formatMoney(waiting)} in sales waiting to be sent` : '';
  return (
    `${account.name} can spend ${formatMoney(Math.max(0, available))} while the till is offline (last known balance ${formatMoney(account.balance)}${minus}; ` +
    `the offline limit is ${formatMoney(account.offlineFloor)}). This sale is ${formatMoney(total)}. Pay cash, or wait for the network.`
  );
}
