import type { SelfAccount } from '@kassa/contracts';
import { DateText, Money } from '@kassa/ui';
import { friendlyFormatIBAN } from 'ibantools';

/** "2026-08-03" is a calendar day: shown as such, whatever the browser's time zone. */
const calendarDay = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** The balance, large, then the credit status and the coming direct debit (UX.md "Other screens"). */
export function BalanceCard({ self }: { self: SelfAccount }) {
  const iban = self.sepa?.iban || self.iban;
  return (
    <section className="k-card account-balance" aria-labelledby="account-balance-label">
      <div className="account-balance__head">
        <span id="account-balance-label" className="account-balance__label">
          Balance
        </span>
        <span className="k-muted account-balance__name">{self.account.name}</span>
      </div>
      <Money cents={self.balance} className="account-balance__amount" />
      <div className="k-row account-balance__status">
        {self.creditAccount ? (
          <span className="k-tag k-tag--info">SEPA</span>
        ) : (
          <span className="k-tag">Prepaid</span>
        )}
        <span>
          {self.creditAccount
            ? 'Credit account: you may go below zero; a negative balance is collected by direct debit each month.'
            : 'Prepaid account: top up before you pay.'}
        </span>
      </div>
      {self.directDebitFailure && !self.creditAccount ? (
        <div className="k-alert k-alert--error account-balance__failed" role="alert">
          Your direct debit of <Money cents={self.directDebitFailure.amount} tone="plain" /> failed (the bank reversed it on{' '}
          <DateText value={new Date(self.directDebitFailure.at)} />
          ). Credit is switched off, as the terms say: please top up your account within a month.
        </div>
      ) : null}
      {self.creditAccount ? (
        <div className="account-balance__debit">
          {self.sepa ? (
            <>
              <span>
                Next direct debit: <DateText value={calendarDay(self.sepa.execDate)} />
              </span>
              <span>
                Amount: <Money cents={self.sepa.balance} tone="plain" />
              </span>
              {self.sepa.cutoff ? (
                <span className="k-muted">
                  What you owed at the end of <DateText value={calendarDay(self.sepa.cutoff)} />: this amount is fixed. What you spend after that day is collected
                  with the next direct debit.
                </span>
              ) : (
                <span className="k-muted">Your balance now; the amount is fixed at the end of the month, so it changes with what you spend until then.</span>
              )}
            </>
          ) : (
            <span className="k-muted">No direct debit due: your balance is not below zero.</span>
          )}
          {iban ? (
            <span>
              From IBAN <span className="k-mono">{friendlyFormatIBAN(iban)}</span>
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
