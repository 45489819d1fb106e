import type { Terminal, TransactionStatus } from '@kassa/contracts';

export interface TerminalStart {
  terminalRef: string;
  terminal: Terminal;
}

export interface TerminalStatus {
  status: TransactionStatus;
  error: string | null;
}

/**
 * A card payment terminal. `start` must be idempotent by transaction id (a retry after a crash asks again), and
 * `status` answers `pending` until the terminal has a final state.
 */
export interface CardTerminal {
  readonly provider: string;
  start(payment: { transactionId: string; amount: number }): Promise<TerminalStart>;
  status(terminalRef: string): Promise<TerminalStatus>;
  close(): Promise<void>;
}
