import { api } from '@kassa/api-client';
import { AdminAccount, ApprovalView, InvoiceDeleted, InvoicePreview, InvoiceSummary, InvoiceView, Paged, type InvoiceCreateBody, type InvoiceStatus, type InvoiceUpdateBody, type PagedResult } from '@kassa/contracts';
import { read, send, seg, type ListArgs } from '../shared/endpoints';

export type InvoicesArgs = ListArgs<{ status: InvoiceStatus | null; account: string | null }>;

/** Invoices and credit notes (checkout). Paying and crediting move money: the accounts and the audit log change too. */
export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvoices: build.query<PagedResult<InvoiceSummary>, InvoicesArgs>(read('/admin/invoices/', Paged(InvoiceSummary), ['Invoices'])),
    getInvoice: build.query<InvoiceView, string>(read((id) => `/admin/invoices/${seg(id)}/`, InvoiceView, ['Invoices'])),
    /** Accounts to bill, found by name (the accounts list, read here so this feature stands alone). */
    getInvoiceAccounts: build.query<PagedResult<AdminAccount>, string>(
      read((search) => ({ url: '/admin/accounts/', params: { page: 1, perPage: 15, ...(search ? { search } : {}) } }), Paged(AdminAccount), ['Accounts']),
    ),
    getInvoicePreview: build.query<InvoicePreview, { accountId: string; from: string; to: string }>(read('/admin/invoices/preview/', InvoicePreview, [])),
    createInvoice: build.mutation<InvoiceView, InvoiceCreateBody>(send('POST', () => '/admin/invoices/', InvoiceView, ['Invoices', 'AuditLogs'], (body) => body)),
    updateInvoice: build.mutation<InvoiceView, { id: string; body: InvoiceUpdateBody }>(send('PUT', ({ id }) => `/admin/invoices/${seg(id)}/`, InvoiceView, ['Invoices', 'AuditLogs'], ({ body }) => body)),
    deleteInvoice: build.mutation<InvoiceDeleted, string>(send('DELETE', (id) => `/admin/invoices/${seg(id)}/`, InvoiceDeleted, ['Invoices', 'AuditLogs'])),
    /** A credit note is four eyes: the first treasurer's call answers the approval it prepared, another's makes it. */
    invoiceAction: build.mutation<InvoiceView | ApprovalView, { id: string; action: 'finalise' | 'pay' | 'credit' }>(
      send('POST', ({ id, action }) => `/admin/invoices/${seg(id)}/${action}/`, ApprovalView.or(InvoiceView), ['Invoices', 'Accounts', 'AuditLogs', 'Approvals']),
    ),
  }),
});

export const { useGetInvoiceAccountsQuery, useGetInvoicesQuery, useGetInvoiceQuery, useGetInvoicePreviewQuery, useCreateInvoiceMutation, useUpdateInvoiceMutation, useDeleteInvoiceMutation, useInvoiceActionMutation } =
  invoicesApi;
