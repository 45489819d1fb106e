import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type { PaymentsEnv } from './config';
import type { TerminalPollData } from './jobs/terminal-poll.job';
import type { CardTerminal } from './terminal/card-terminal';

/** What the payments routes work with; the app builds the real ones, tests may pass their own terminal. */
export interface PaymentsDeps {
  terminal: CardTerminal;
  pollQueue: Queue<TerminalPollData>;
}

export interface PaymentsContext extends PaymentsDeps {
  env: PaymentsEnv;
  db: Connection;
}
