import { z } from 'zod';

/**
 * Four eyes (issue 50 §5): where money leaves or is written off (a batch marked collected, a correction above the
 * setting, a credit note, an account closed with a balance), one admin prepares and another approves. The first call
 * of the action answers 202 with this pending approval and nothing moves; the same call by another admin holding the
 * role approves it and the action runs.
 */
export const ApprovalView = z.object({
  /** `<entity>:<id>:<action>`: one approval per document and action. */
  id: z.string(),
  /** The service that keeps it (its list and reject routes are under /api/admin/approvals/<service>/). */
  service: z.enum(['accounts', 'checkout', 'payments']),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  /** What is to happen, for the approver: "Mark batch 2026-11-30 collected: 10 debits, € 75,00". */
  summary: z.string(),
  /** Cents that leave or are written off. */
  amount: z.number().int(),
  preparedBy: z.object({ id: z.string(), username: z.string() }),
  preparedAt: z.string(),
  status: z.enum(['pending', 'approved']),
  approvedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** The call that approves it: the same action, made by another admin. */
  approve: z.object({ method: z.enum(['POST', 'DELETE']), path: z.string(), body: z.record(z.string(), z.unknown()).nullable() }),
  /** "Prepared by alice; another admin must approve." */
  message: z.string(),
});
export type ApprovalView = z.infer<typeof ApprovalView>;

export const ApprovalList = z.array(ApprovalView);

export const approvalPreparedMessage = (username: string) => `Prepared by ${username}; another admin must approve.`;
export const APPROVAL_SAME_ADMIN = 'Another admin must approve this: you prepared it.';
