import type { TillAccount } from '@kassa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderTill } from '../testing/render-till';
import { letterOf } from './account-filter';
import { AccountPicker } from './account-picker';

const NOW = Date.parse('2026-11-22T20:00:00Z');
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();
let n = 0;
const account = (name: string, lastUsedDaysAgo: number, over: Partial<TillAccount> = {}): TillAccount => ({
  id: (++n).toString(16).padStart(24, '0'),
  name,
  balance: null,
  directDebit: null,
  type: null,
  lastUsed: daysAgo(lastUsedDaysAgo),
  ...over,
});

const ACCOUNTS = [
  account('@Bestuur', 3),
  account('42 Pils Club', 90),
  account('Anouk Jansen', 10),
  account('Bram de Vries', 74),
  account('Emma de Boer', 120),
  account('Émile Prins', 5),
  account('éloïse Blom', 200),
  account('Eva Meijer', 76),
  account('Jan de Jong', 1),
  account('Pepijn van den Heuvel Rijnsburger', 2),
];

function picker(props: Partial<Parameters<typeof AccountPicker>[0]> = {}) {
  const onConfirm = vi.fn();
  const view = renderTill(
    <AccountPicker
      title="Select account"
      accounts={ACCOUNTS}
      barMode={false}
      price={450}
      refreshing={false}
      onRefresh={() => undefined}
      onConfirm={onConfirm}
      onCancel={() => undefined}
      now={NOW}
      {...props}
    />,
  );
  return { onConfirm, ...view };
}

const names = () => within(screen.getByRole('list', { name: 'Accounts' })).queryAllByRole('button').map((b) => b.querySelector('.till-account__name')?.textContent);
const letter = (l: string) => fireEvent.click(screen.getByRole('button', { name: l }));

describe('account picker', () => {
  it('first shows only accounts used within the last 75 days; "Show more" reveals all', () => {
    picker();
    expect(screen.getByRole('dialog', { name: 'Select account' })).toBeInTheDocument();
    expect(names()).toEqual(['@Bestuur', 'Anouk Jansen', 'Bram de Vries', 'Émile Prins', 'Jan de Jong', 'Pepijn van den Heuvel Rijnsburger']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(names()).toHaveLength(ACCOUNTS.length);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('files names under their NFC, upper-cased first letter ("Émile" and "éloïse" under E) and the rest under "@"', () => {
    expect(letterOf('Émile Prins')).toBe('E');
    expect(letterOf('e\u0301loïse')).toBe('E');
    expect(letterOf('ilse van Wijk')).toBe('I');
    expect(letterOf('42 Pils Club')).toBe('@');
    expect(letterOf('@Bestuur')).toBe('@');
  });

  it('the letter strip filters all accounts and toggles off again', () => {
    picker();
    letter('E');
    expect(screen.getByRole('button', { name: 'E' })).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['Emma de Boer', 'Émile Prins', 'éloïse Blom', 'Eva Meijer']);
    letter('@');
    expect(names()).toEqual(['@Bestuur', '42 Pils Club']);
    letter('@');
    expect(names()).toHaveLength(6);
  });

  it('Enter in the search confirms when exactly one account matches, not when several do', () => {
    const { onConfirm } = picker();
    const search = screen.getByRole('searchbox', { name: 'Search accounts' });
    fireEvent.change(search, { target: { value: 'e' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(search, { target: { value: 'Anouk' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ name: 'Anouk Jansen' }));
  });

  it('the search is fuzzy and looks past the 75-day window', () => {
    picker();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search accounts' }), { target: { value: 'Emma de Bor' } });
    expect(names()[0]).toBe('Emma de Boer');
  });

  it('picks an account by tapping it and gives long names the long-name style', () => {
    const { onConfirm } = picker();
    const long = screen.getByRole('button', { name: /Pepijn van den Heuvel/ });
    expect(long).toHaveClass('till-account--long');
    expect(screen.getByRole('button', { name: /Jan de Jong/ })).not.toHaveClass('till-account--long');
    fireEvent.click(long);
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pepijn van den Heuvel Rijnsburger' }));
  });

  it('only names outside bar mode; in bar mode balances, SEPA and EVENT badges and the broke highlight', () => {
    const accounts = [
      account('Arm Lid', 1, { balance: 200, directDebit: false, type: 'member' }),
      account('Rijk Lid', 1, { balance: 5000, directDebit: false, type: 'member' }),
      account('Incasso Lid', 1, { balance: -300, directDebit: true, type: 'member' }),
      account('Feestweek', 1, { balance: 100, directDebit: false, type: 'event' }),
    ];
    const { unmount } = picker({ accounts, barMode: false });
    expect(screen.queryByText('SEPA')).toBeNull();
    expect(screen.queryByText(/€/)).toBeNull();
    unmount();
    picker({ accounts, barMode: true });
    const tile = (name: string) => screen.getByRole('button', { name: new RegExp(name) });
    expect(within(tile('Incasso Lid')).getByText('SEPA')).toBeInTheDocument();
    expect(within(tile('Feestweek')).getByText('EVENT')).toBeInTheDocument();
    expect(tile('Rijk Lid')).toHaveTextContent('€ 50,00');
    expect(tile('Arm Lid')).toHaveClass('till-account--broke');
    expect(tile('Rijk Lid')).not.toHaveClass('till-account--broke');
    expect(tile('Incasso Lid')).not.toHaveClass('till-account--broke');
    expect(tile('Feestweek')).not.toHaveClass('till-account--broke');
  });

  it('shows a tab with its TAB badge, never broke while the price stays within its limit (price € 4,50)', () => {
    const accounts = [
      account('Lustrum committee', 1, { balance: -9_000, directDebit: false, type: 'event', tab: true, tabLimit: 10_000 }),
      account('Alumni Borrel', 1, { balance: -9_600, directDebit: false, type: 'external', tab: true, tabLimit: 10_000 }),
      account('Zusterclub', 1, { balance: -250_000, directDebit: false, type: 'external', tab: true, tabLimit: null }),
    ];
    picker({ accounts, barMode: true });
    const tile = (name: string) => screen.getByRole('button', { name: new RegExp(name) });
    expect(within(tile('Lustrum committee')).getByText('TAB')).toBeInTheDocument();
    expect(within(tile('Lustrum committee')).getByText('EVENT')).toBeInTheDocument();
    expect(within(tile('Zusterclub')).getByText('TAB')).toBeInTheDocument();
    expect(within(tile('Zusterclub')).queryByText('EVENT')).toBeNull();
    // -90,00 - 4,50 stays within -100,00; -96,00 - 4,50 does not; without a limit a tab is never broke.
    expect(tile('Lustrum committee')).not.toHaveClass('till-account--broke');
    expect(tile('Alumni Borrel')).toHaveClass('till-account--broke');
    expect(tile('Zusterclub')).not.toHaveClass('till-account--broke');
  });

  it('pages big lists instead of drawing thousands of tiles', () => {
    const many = Array.from({ length: 250 }, (_, i) => account(`Lid ${String(i).padStart(3, '0')}`, 1));
    picker({ accounts: many });
    expect(names()).toHaveLength(90);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(names()).toHaveLength(180);
  });
});

describe('offline', () => {
  it('says in bar mode that the balances are the last loaded ones, and when they were loaded', () => {
    picker({ barMode: true, balancesAsOf: Date.parse('2026-11-22T19:04:00Z') });
    expect(screen.getByRole('status')).toHaveTextContent('Offline: balances as last loaded at 20:04, without the sales made since.');
  });

  it('says nothing of the kind online', () => {
    picker({ barMode: true });
    expect(screen.queryByText(/Offline: balances/)).not.toBeInTheDocument();
  });
});
