import { CalendarDay } from '@kassa/contracts';
import { Button, formatDate, ListFallback, Money, TextField } from '@kassa/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Section } from '../shared/section';
import { useGetBalanceAtQuery } from './accounts-api';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());

/**
 * The balance of all accounts at the end of a Dutch day, from the ledger: money held for members and money owed by
 * credit accounts (for the treasurer's year-end and for checking the bank against the books). The date is in the URL.
 */
export function BalancePanel() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? today();
  const valid = CalendarDay.safeParse(date).success;
  const [typed, setTyped] = useState(date);
  const [error, setError] = useState<string | null>(valid ? null : 'Use a date like 2024-03-31.');
  const { data, error: loadError, isLoading, isFetching, refetch } = useGetBalanceAtQuery(date, { skip: !valid });

  const submit = () => {
    const checked = CalendarDay.safeParse(typed);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Use a date like 2024-03-31.');
    setError(null);
    const next = new URLSearchParams(params);
    next.set('date', typed);
    setParams(next);
  };

  return (
    <Section id="balance-heading" title="Balance at the end of a day" className="k-card k-stack accounts__balance" headingClassName="accounts__heading">
      <form
        className="k-row accounts__filters"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <TextField label="Date" type="date" value={typed} max={today()} onChange={(e) => setTyped(e.target.value)} error={error} />
        <Button type="submit">Show</Button>
      </form>
      {!valid ? null : data ? (
        <dl className="k-facts" aria-busy={isFetching}>
          <dt>Held for members</dt>
          <dd>
            <Money cents={data.held} tone="plain" /> <span className="k-muted">on {data.accountsHeld} accounts</span>
          </dd>
          <dt>Owed by credit accounts</dt>
          <dd>
            <Money cents={data.owed} tone="plain" /> <span className="k-muted">by {data.accountsOwing} accounts</span>
          </dd>
          <dt>Net</dt>
          <dd>
            <Money cents={data.net} />
          </dd>
          <dt>At the end of</dt>
          <dd>{formatDate(data.date)}</dd>
        </dl>
      ) : (
        <ListFallback error={loadError} isLoading={isLoading} loadingLabel="Adding up the ledger" onRetry={() => void refetch()} />
      )}
    </Section>
  );
}
