import type { KassaError } from '@kassa/api-client';
import type { LedgerAuditDifferenceKind, LedgerAuditRun } from '@kassa/contracts';
import { Button, DateText, LoadError, Spinner, useDialogs } from '@kassa/ui';
import { useId, useState } from 'react';
import { useGetLedgerAuditQuery, useRunLedgerAuditMutation } from './ledger-audit-api';
import './ledger-audit.css';

/** Differences listed before "Show all". */
export const SHOWN_DIFFERENCES = 5;
/** How often the panel asks for the run it is waiting for. */
const WAIT_POLL_MS = 3000;

const KIND_LABEL: Record<LedgerAuditDifferenceKind, string> = {
  seq_gap: 'Missing posting',
  posting_balance: 'Posting balance',
  head_balance: 'Ledger total',
  balance_cache: 'Cached balance',
  unknown_account: 'Unknown account',
  sale_without_posting: 'Sale without posting',
  posting_mismatch: 'Posting mismatch',
  posting_without_sale: 'Posting without sale',
  undo_not_recorded: 'Undo not recorded',
  state_money: 'State and money disagree',
};
const TRIGGER_LABEL: Record<LedgerAuditRun['trigger'], string> = {
  schedule: 'hourly run',
  command: 'run from the command line',
  admin: 'run by an administrator',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The ledger self-audit on the admin dashboard: when it last ran, what it checked and every difference it found (in
 * red), or a calm line that there are none; "Run audit now" has the worker audit at once.
 */
export function LedgerAuditPanel() {
  const titleId = useId();
  // The time of the last "Run audit now" whose run has not been shown yet.
  const [waitingSince, setWaitingSince] = useState<{ at: string; workerOnline: boolean } | null>(null);
  const [showAll, setShowAll] = useState(false);
  const { data, error, isLoading, refetch } = useGetLedgerAuditQuery(undefined, { pollingInterval: waitingSince ? WAIT_POLL_MS : 60_000 });
  const [requestRun, { isLoading: requesting }] = useRunLedgerAuditMutation();
  const dialogs = useDialogs();
  const latest = data?.latest ?? null;
  const waiting = waitingSince !== null && !(latest && Date.parse(latest.finishedAt) >= Date.parse(waitingSince.at));

  const runNow = async () => {
    const result = await requestRun();
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Running the ledger audit failed' });
    setShowAll(false);
    setWaitingSince(result.data.run ? null : { at: result.data.requestedAt, workerOnline: result.data.workerOnline });
  };

  let body;
  if (latest) {
    body = <RunSummary run={latest} showAll={showAll} onShowAll={() => setShowAll(true)} />;
  } else if (data) {
    body = <p className="k-muted ledger-audit__none">The ledger has not been audited yet.</p>;
  } else if (error) {
    body = <LoadError error={error as KassaError} onRetry={() => void refetch()} />;
  } else if (isLoading) {
    body = (
      <div className="ledger-audit__loading">
        <Spinner label="Loading the ledger audit" />
      </div>
    );
  }

  const busy = requesting || waiting;
  return (
    <section className="k-card ledger-audit" aria-labelledby={titleId}>
      <div className="ledger-audit__header">
        <h2 id={titleId} className="ledger-audit__title">
          Ledger audit
        </h2>
        {latest ? (
          <span className="k-muted">
            Last checked <DateText value={latest.finishedAt} time /> ({TRIGGER_LABEL[latest.trigger]})
          </span>
        ) : null}
        <div className="k-spacer" />
        <Button onClick={() => void runNow()} disabled={busy}>
          {busy ? 'Running…' : 'Run audit now'}
        </Button>
      </div>
      {waiting ? (
        <div className="k-alert k-alert--info" role="status">
          {waitingSince.workerOnline
            ? 'The audit is still running; its result appears here when it is done.'
            : 'The audit is queued, but the accounts worker is not running: it runs as soon as the worker starts.'}
        </div>
      ) : null}
      {body}
    </section>
  );
}

function RunSummary({ run, showAll, onShowAll }: { run: LedgerAuditRun; showAll: boolean; onShowAll: () => void }) {
  const since = run.purchasesSince ? (
    <>
      {' '}
      (made since <DateText value={run.purchasesSince} />)
    </>
  ) : null;
  const shown = showAll ? run.differences : run.differences.slice(0, SHOWN_DIFFERENCES);
  const notStored = run.differenceCount - run.differences.length;
  return (
    <div className="k-stack ledger-audit__run">
      <p className="ledger-audit__checked">
        Checked {plural(run.accountsChecked, 'account')}, {plural(run.postingsChecked, 'posting')} and {plural(run.purchasesChecked, 'purchase')}
        {since}.
      </p>
      {run.incomplete ? (
        <div className="k-alert ledger-audit__incomplete" role="status">
          {run.incomplete}
        </div>
      ) : null}
      {run.differenceCount === 0 ? (
        <p className="ledger-audit__clean">
          <span aria-hidden="true">✓</span> No differences: every balance matches its postings{run.incomplete ? '' : ' and every purchase its posting'}.
        </p>
      ) : (
        <div className="ledger-audit__differences" role="alert">
          <p className="ledger-audit__count">{plural(run.differenceCount, 'difference')} found</p>
          <ul className="ledger-audit__list">
            {shown.map((d, i) => (
              <li key={`${d.kind}-${d.accountId ?? ''}-${d.ref ?? ''}-${i}`} className="ledger-audit__difference">
                <span className="k-tag k-tag--negative">{KIND_LABEL[d.kind]}</span>
                <span>
                  {d.accountName ? <strong>{d.accountName}: </strong> : null}
                  {d.message}
                </span>
              </li>
            ))}
          </ul>
          {!showAll && run.differences.length > SHOWN_DIFFERENCES ? (
            <Button variant="ghost" onClick={onShowAll}>
              Show all {run.differences.length}
            </Button>
          ) : null}
          {showAll && notStored > 0 ? <p className="k-muted">{plural(notStored, 'more difference')} {notStored === 1 ? 'was' : 'were'} found but not kept: a run keeps its first 500.</p> : null}
        </div>
      )}
    </div>
  );
}
