import type { Config } from '@kassa/contracts';

export interface NavLink {
  to: string;
  label: string;
  badge?: number;
  /** Active only on this exact path, not below it. */
  end?: boolean;
  children?: NavLink[];
}

export interface NavSections {
  main: NavLink[];
  admin: NavLink[];
}

/** SPEC 2 "Sidebar": which links a user sees. */
export function navSections(opts: { authenticated: boolean; config: Config | null; pendingSetup: number }): NavSections {
  const { authenticated, config, pendingSetup } = opts;
  const main: NavLink[] = [];
  main.push(authenticated ? { to: '/pos', label: 'Shop', end: true } : { to: '/login', label: 'Log in' });
  // The till's shift screen (mfe-pos, /pos/shift): a register that takes cash counts its drawer.
  if (authenticated && config?.register.capabilities.includes('PAYMENT_CASH')) main.push({ to: '/pos/shift', label: 'Shift' });
  if (authenticated && config?.user.accountId) {
    main.push({ to: '/account', label: 'Your account', ...(pendingSetup > 0 ? { badge: pendingSetup } : {}) });
  }
  if (authenticated && config?.showAccountRequest) main.push({ to: '/setup', label: 'Account setup', end: true }); // not lit on /setup/tfa
  main.push({ to: '/about', label: 'About' });

  const admin: NavLink[] =
    authenticated && config?.user.isAdmin
      ? [
          {
            to: '/admin/products',
            label: 'Products',
            children: [
              { to: '/admin/categories', label: 'Categories' },
              { to: '/admin/invoices', label: 'Invoices' },
              { to: '/admin/registers', label: 'Registers' },
              { to: '/admin/bar', label: 'Bar Management' },
            ],
          },
          {
            to: '/admin/accounts',
            label: 'Accounts',
            children: [
              { to: '/admin/account_requests', label: 'Account requests' },
              { to: '/admin/debtors', label: 'Debtors' },
              { to: '/admin/payouts', label: 'Payouts' },
              { to: '/admin/dormant', label: 'Dormant accounts' },
              { to: '/admin/users', label: 'Users' },
            ],
          },
          {
            to: '/admin/transactions',
            label: 'Admin',
            children: [
              { to: '/admin/transactions', label: 'Transactions' },
              { to: '/admin/reports', label: 'Reports' },
              { to: '/admin/shifts', label: 'Shifts' },
              { to: '/admin/direct_debit', label: 'Direct debit' },
              { to: '/admin/approvals', label: 'Approvals' },
              { to: '/admin/exact', label: 'Exact Online' },
              { to: '/admin/audit_logs', label: 'Audit logs' },
              { to: '/admin/ideal', label: 'iDEAL payments' },
            ],
          },
          { to: '/admin/settings', label: 'Settings' },
        ]
      : [];
  return { main, admin };
}
