import type { AuditClient, InternalClient } from '@kassa/service-kit';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type { PaymentsEnv } from './config';
import type { DirectDebitDeps, DirectDebitFileData } from './direct-debit/batches';
import type { IdealDays } from './ideal/ideal-days';
import type { IdealProvider } from './ideal/ideal-provider';
import type { ExactConnections } from './accounting/exact/exact-connection';
import type { ExactProvider } from './accounting/exact/exact-provider';
import type { AccountingExportData } from './accounting/jobs/accounting-export.job';
import type { IdealStatusData } from './ideal/jobs/ideal-status.job';
import type { TerminalPollData } from './terminal/jobs/terminal-poll.job';
import type { CardTerminal } from './terminal/card-terminal';

/** What the payments routes work with; the app builds the real ones, tests may pass their own terminal. */
export interface PaymentsDeps {
  terminal: CardTerminal;
  pollQueue: Queue<TerminalPollData>;
  /** The online bank payment provider chosen by IDEAL_PROVIDER. */
  ideal: IdealProvider;
  idealQueue: Queue<IdealStatusData>;
  /** The accounts service (a member's account, the top-up minimum). */
  accounts: InternalClient;
  /** How the stand-in bank delivers its callback (an HTTP POST of `id=…`; tests call the app directly). */
  deliverWebhook: (url: string, providerId: string) => Promise<void>;
  /** The accounting package chosen by EXACT_PROVIDER. */
  exact: ExactProvider;
  exportQueue: Queue<AccountingExportData>;
  /** Sales per day for the journal (checkout) and category names (catalog). */
  checkout: InternalClient;
  catalog: InternalClient;
  /** The audit log on accounts, with this service's outbox (export, connection and direct-debit changes). */
  audit: AuditClient;
  /** Where new direct-debit batches ask for their file. */
  directDebitQueue: Queue<DirectDebitFileData>;
  now: () => Date;
}

export interface PaymentsContext extends PaymentsDeps {
  env: PaymentsEnv;
  db: Connection;
  exactConnections: ExactConnections;
  /** The register of days with payments, for the treasurer's list (ideal/ideal-days.ts). */
  idealDays: IdealDays;
}

/** What the direct-debit feature needs of the context. */
export const directDebitDeps = (ctx: PaymentsContext): DirectDebitDeps => ({ db: ctx.db, accounts: ctx.accounts, checkout: ctx.checkout, audit: ctx.audit, fileQueue: ctx.directDebitQueue, now: ctx.now, collectEarly: ctx.env.DIRECT_DEBIT_COLLECT_EARLY });

export const actorOf = (user: { sub: string; username: string }) => ({ id: user.sub, username: user.username });
