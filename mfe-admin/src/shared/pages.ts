/** Each list page's title and the line under it that says what it manages (AdminPage `page`). */
export const PAGES = {
  accountRequests: { title: 'Account requests', lead: 'Requests from members for an account, to approve or decline.' },
  accounts: { title: 'Accounts', lead: 'Member accounts with their balance, credit and direct-debit status; the balance at a date; the ledgers.' },
  approvals: { title: 'Approvals', lead: 'Where money leaves or is written off, one admin prepares and another approves. What waits for a second admin is here.' },
  auditLogs: { title: 'Audit logs', lead: 'Who changed what in the administration, with before and after.' },
  barManagement: { title: 'Bar Management', lead: 'The bar menu slide on the wall: which categories it shows, and in what order.' },
  categories: { title: 'Categories', lead: 'Product categories, their order and colour on the till.' },
  payouts: { title: 'Payouts', lead: 'Leaving members paid out: approved by two admins, sent to the bank as a SEPA transfer file, then booked and the account closed.' },
  debtors: { title: 'Debtors', lead: 'Accounts below zero, most owed first: since when, their last payment, and a direct debit the bank reversed.' },
  directDebit: { title: 'Direct debit', lead: 'Monthly SEPA direct-debit batches for credit accounts: the bank file, what was collected and what failed.' },
  exactOnline: { title: 'Exact Online', lead: 'Export of sales and payments to the Exact Online accounting: one journal entry per day.' },
  exactOnlineSetup: { title: 'Exact Online setup', lead: 'Connecting Kassa to the Exact Online accounting administration.' },
  idealPayments: { title: 'iDEAL payments', lead: "Members' online top-ups and their status at the payment provider." },
  invoices: { title: 'Invoices', lead: 'Invoices for purchases on account (events and associations first) and their payment status.' },
  products: { title: 'Products', lead: 'Products with their price, category and deposit.' },
  refusedOfflineSales: { title: 'Refused offline sales', lead: 'Sales made while a till was offline that were refused when the till sent them. Nothing was booked for them.' },
  registers: { title: 'Registers', lead: 'Tills and their capabilities: which payment methods each one offers.' },
  shifts: { title: 'Shifts', lead: "Every register's shifts: the float, the cash expected and counted at the close, the difference, and each shift's report." },
  settings: { title: 'Settings', lead: 'Platform settings: terms, minimum top-up, credit limit, PIN and two-factor requirements.' },
  transactions: { title: 'Transactions', lead: 'Every sale and top-up, with undo and the card payment status.' },
  users: { title: 'Users', lead: 'Users who sign in, their admin rights and linked accounts.' },
} as const;
export type PageName = keyof typeof PAGES;
