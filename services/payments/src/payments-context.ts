import type { AuditClient, InternalClient } from '@kassa/service-kit';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type { PaymentsEnv } from './config';
import type { IdealDays } from './ideal-admin/ideal-days';
import type { IdealProvider } from './ideal/ideal-provider';
import type { IdealStatusData } from './jobs/ideal-status.job';
import type { TerminalPollData } from './jobs/terminal-poll.job';
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
  /** The audit log (on accounts), written with each admin change through this service's outbox. */
  audit: AuditClient;
}

export interface PaymentsContext extends PaymentsDeps {
  env: PaymentsEnv;
  db: Connection;
  /** The register of days with payments, for the treasurer's list (ideal-admin/ideal-days.ts). */
  idealDays: IdealDays;
}
