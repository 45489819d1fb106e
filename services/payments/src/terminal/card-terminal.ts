import type { Terminal, TerminalTotals, TransactionStatus } from '@kassa/contracts';

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
  start(payment: { transactionId: string; amount: number; registerId?: string | null }): Promise<TerminalStart>;
  status(terminalRef: string): Promise<TerminalStatus>;
  /** The terminal's own count and total of the payments it approved for a register in a period, or why it cannot say. */
  totals(period: { registerId: string; from: Date; to: Date }): Promise<TerminalTotals>;
  close(): Promise<void>;
}
