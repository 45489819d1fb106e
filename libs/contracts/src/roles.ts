import { z } from 'zod';

/**
 * What an administrator may do (issue 50 §5): the treasurer moves money (direct debit, invoices, the accounting
 * export, corrections, top-ups, undo), the board keeps accounts, requests, users and settings, the bar committee the
 * catalogue, registers and bar, and the auditor reads everything and changes nothing. An admin holds one or more.
 */
export const AdminRole = z.enum(['treasurer', 'board', 'bar_committee', 'auditor']);
export type AdminRole = z.infer<typeof AdminRole>;

export const ALL_ADMIN_ROLES: readonly AdminRole[] = AdminRole.options;

export const ADMIN_ROLE_LABELS: Readonly<Record<AdminRole, string>> = {
  treasurer: 'Treasurer',
  board: 'Board',
  bar_committee: 'Bar committee',
  auditor: 'Auditor',
};

/**
 * The roles an administrator holds now. An admin stored before roles existed (no `roles` field) holds every role, as
 * the one admin flag gave them; a user who is not an admin holds none.
 */
export function effectiveRoles(user: { isAdmin?: boolean | null; roles?: readonly AdminRole[] | null }): AdminRole[] {
  if (!user.isAdmin) return [];
  return user.roles == null ? [...ALL_ADMIN_ROLES] : [...user.roles];
}
