import type { Config } from '@kassa/contracts';
import { describe, expect, it } from 'vitest';
import { navSections } from './nav-links';

const cfg = (over: Partial<Config['user']> & { showAccountRequest?: boolean } = {}): Config => ({
  aprilFoolsEnabled: false,
  posWrappedAvailable: false,
  requireTfa: false,
  requireSettingAccountPin: false,
  accountUpgradeMinAmount: 500,
  user: { id: 'u1', username: 'jan', accountId: 'a1', viaductUserId: null, isAdmin: false, ...over },
  register: { id: null, name: 'Bar', capabilities: [] },
  acceptedCurrentCondition: true,
  showAccountRequest: over.showAccountRequest ?? false,
});

const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe('sidebar links (SPEC 2 "Sidebar")', () => {
  it('offers Log in and About when not logged in', () => {
    const { main, admin } = navSections({ authenticated: false, config: null, pendingSetup: 0 });
    expect(labels(main)).toEqual(['Log in', 'About']);
    expect(admin).toEqual([]);
  });

  it('shows Your account with a badge only to users with an account', () => {
    expect(navSections({ authenticated: true, config: cfg(), pendingSetup: 1 }).main).toEqual([
      { to: '/pos', label: 'Shop', end: true },
      { to: '/account', label: 'Your account', badge: 1 },
      { to: '/about', label: 'About' },
    ]);
    expect(labels(navSections({ authenticated: true, config: cfg({ accountId: null, showAccountRequest: true }), pendingSetup: 0 }).main)).toEqual([
      'Shop',
      'Account setup',
      'About',
    ]);
  });

  it('shows the Shift screen to a register that takes cash', () => {
    const cash = { ...cfg(), register: { id: null, name: 'Bar', capabilities: ['PAYMENT_CASH' as const] } };
    expect(navSections({ authenticated: true, config: cash, pendingSetup: 0 }).main[1]).toEqual({ to: '/pos/shift', label: 'Shift' });
    expect(labels(navSections({ authenticated: true, config: cfg(), pendingSetup: 0 }).main)).not.toContain('Shift');
  });

  it('gives admins the admin links with their sub-links', () => {
    const { admin } = navSections({ authenticated: true, config: cfg({ isAdmin: true }), pendingSetup: 0 });
    expect(admin.map((l) => [l.to, l.label, labels(l.children ?? [])])).toEqual([
      ['/admin/products', 'Products', ['Categories', 'Invoices', 'Registers', 'Bar Management']],
      ['/admin/accounts', 'Accounts', ['Account requests', 'Debtors', 'Payouts', 'Dormant accounts', 'Users']],
      ['/admin/transactions', 'Admin', ['Transactions', 'Reports', 'Shifts', 'Direct debit', 'Approvals', 'Exact Online', 'Audit logs', 'iDEAL payments']],
      ['/admin/settings', 'Settings', []],
    ]);
    expect(navSections({ authenticated: true, config: cfg(), pendingSetup: 0 }).admin).toEqual([]);
  });
});
