import { api } from '@kassa/api-client';
import { AdminAccount, ApprovalView, InvoiceDeleted, InvoicePreview, InvoiceSummary, InvoiceView, Paged, type InvoiceCreateBody, type InvoiceStatus, type InvoiceUpdateBody, type PagedResult } from '@kassa/contracts';

export interface InvoicesArgs {
  page: number;
  perPage: number;
  status: InvoiceStatus | null;
  account: string | null;
}

/** Invoices and credit notes (checkout). Paying and crediting move money: the accounts and the audit log change too. */
export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvoices: build.query<PagedResult<InvoiceSummary>, InvoicesArgs>({
      query: (params) => ({ url: '/admin/invoices/', params: { ...params } }),
      responseSchema: Paged(InvoiceSummary),
      providesTags: ['Invoices'],
    }),
    getInvoice: build.query<InvoiceView, string>({
      query: (id) => ({ url: `/admin/invoices/${encodeURIComponent(id)}/` }),
      responseSchema: InvoiceView,
      providesTags: ['Invoices'],
    }),
    /** Accounts to bill, found by name (the accounts list, read here so this feature stands alone). */
    getInvoiceAccounts: build.query<PagedResult<AdminAccount>, string>({
      query: (search) => ({ url: '/admin/accounts/', params: { page: 1, perPage: 15, ...(search ? { search } : {}) } }),
      responseSchema: Paged(AdminAccount),
      providesTags: ['Accounts'],
    }),
    getInvoicePreview: build.query<InvoicePreview, { accountId: string; from: string; to: string }>({
      query: (params) => ({ url: '/admin/invoices/preview/', params }),
      responseSchema: InvoicePreview,
    }),
    createInvoice: build.mutation<InvoiceView, InvoiceCreateBody>({
      query: (body) => ({ url: '/admin/invoices/', method: 'POST', body }),
      responseSchema: InvoiceView,
      invalidatesTags: ['Invoices', 'AuditLogs'],
    }),
    updateInvoice: build.mutation<InvoiceView, { id: string; body: InvoiceUpdateBody }>({
      query: ({ id, body }) => ({ url: `/admin/invoices/${encodeURIComponent(id)}/`, method: 'PUT', body }),
      responseSchema: InvoiceView,
      invalidatesTags: ['Invoices', 'AuditLogs'],
    }),
    deleteInvoice: build.mutation<InvoiceDeleted, string>({
      query: (id) => ({ url: `/admin/invoices/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      responseSchema: InvoiceDeleted,
      invalidatesTags: ['Invoices', 'AuditLogs'],
    }),
    /** A credit note is four eyes: the first treasurer's call answers the approval it prepared, another's makes it. */
    invoiceAction: build.mutation<InvoiceView | ApprovalView, { id: string; action: 'finalise' | 'pay' | 'credit' }>({
      query: ({ id, action }) => ({ url: `/admin/invoices/${encodeURIComponent(id)}/${action}/`, method: 'POST' }),
      responseSchema: ApprovalView.or(InvoiceView),
      invalidatesTags: ['Invoices', 'Accounts', 'AuditLogs', 'Approvals'],
    }),
  }),
});

export const { useGetInvoiceAccountsQuery, useGetInvoicesQuery, useGetInvoiceQuery, useGetInvoicePreviewQuery, useCreateInvoiceMutation, useUpdateInvoiceMutation, useDeleteInvoiceMutation, useInvoiceActionMutation } =
  invoicesApi;
