import { readAccessToken, type KassaError } from '@kassa/api-client';
import { EXPORT_MAX_DAYS, type AccountingExport, type ExportStatus } from '@kassa/contracts';
import { addDays, Button, ConfirmModal, DateText, dutchDay, formatDay, Money, Pager, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { AdminPage } from '../shared/admin-page';
import { field } from '../shared/forms';
import { HistoryLink } from '../shared/history-link';
import { actionsColumn, ListTable, type Column } from '../shared/list-table';
import { Section } from '../shared/section';
import { StatusTag, statusTags } from '../shared/status-tag';
import { EVERY_MINUTE, useKeepPageInRange, useListParams } from '../shared/use-list-params';
import { ConnectionStatus } from './connection-status';
import { useCreateAccountingExportMutation, useGetAccountingExportsQuery, useGetExactConnectionQuery, useRetryAccountingExportMutation } from './exact-api';
import './exact.css';

export const PAGE_SIZE = 15;

const STATUS_TAG = statusTags<ExportStatus>({ info: ['queued', 'running'], positive: ['done'], negative: ['failed'] });

/** A Dutch day as the pages show dates: "24 november 2026". */
export const dayText = formatDay;
const rangeText = (start: string, end: string) => (start === end ? dayText(start) : `${dayText(start)} – ${dayText(end)}`);

/** Yesterday in the bar's calendar (Europe/Amsterdam), whatever the browser's zone. */
const yesterday = (): string => addDays(dutchDay(), -1);

const dayCount = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

function daysSummary(e: AccountingExport): string {
  const count = (r: string) => e.days.filter((d) => d.result === r).length;
  const parts = [
    count('booked') ? `${count('booked')} booked` : null,
    count('already_booked') ? `${count('already_booked')} booked before` : null,
    count('empty') ? `${count('empty')} without sales` : null,
  ].filter(Boolean);
  const left = dayCount(e.start, e.end) - e.days.length;
  if (left > 0 && e.status !== 'done') parts.push(`${left} to go`);
  return parts.join(', ') || '—';
}

/** The days to export or download, and the CSV's decimals; a range's line goes under the last day. */
const RangeFields = z
  .object({ start: z.string(), end: z.string(), dutch: z.boolean() })
  .superRefine(({ start, end }, ctx) => {
    const line =
      !start || !end ? 'Choose a first and a last day.' : end < start ? 'The last day is before the first.' : dayCount(start, end) > EXPORT_MAX_DAYS ? `Choose at most ${EXPORT_MAX_DAYS} days.` : null;
    if (line) ctx.addIssue({ code: 'custom', path: ['end'], message: line });
  });

/** Downloads the journal CSV with the session's token (a plain link would carry none). */
async function downloadCsv(start: string, end: string, dutch: boolean): Promise<string | null> {
  const q = new URLSearchParams({ start, end, decimals: dutch ? 'nl' : 'en' });
  const token = readAccessToken();
  const res = await fetch(`/api/admin/exact/journal.csv?${q}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errorMessage?: string; detail?: { msg: string }[] } | null;
    return [body?.errorMessage ?? `Download failed (${res.status}).`, ...(body?.detail?.map((d) => d.msg) ?? [])].filter((v, i, all) => all.indexOf(v) === i).join(' ');
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `kassa-journal-${start}-${end}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
  return null;
}

/**
 * /admin/exact: export closed days to Exact Online (one journal entry per day), the history of exports with retry, the
 * same journal as CSV for associations without Exact, and the mapping of ledgers to accounting codes (`mapping`, the
 * accounts feature's ledger list, placed here by the app).
 */
export function ExactPage({ mapping }: { mapping?: ReactNode }) {
  const { page, go } = useListParams([] as const);
  const { data: connection } = useGetExactConnectionQuery(undefined, EVERY_MINUTE);
  const form = useForm({ resolver: zodResolver(RangeFields), reValidateMode: 'onSubmit', defaultValues: { start: yesterday(), end: yesterday(), dutch: true } });
  const [start, end] = useWatch({ control: form.control, name: ['start', 'end'] });
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; lines: string[] } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [create, { isLoading: creating }] = useCreateAccountingExportMutation();
  const [retry, { isLoading: retrying }] = useRetryAccountingExportMutation();
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const query = useGetAccountingExportsQuery({ page, perPage: PAGE_SIZE }, { pollingInterval: busy ? 1_500 : 60_000 });
  const { data } = query;
  const anyBusy = Boolean(data?.items.some((e) => e.status === 'queued' || e.status === 'running'));
  // Poll quickly only while an export is on its way (state derived from the last answer, set while rendering).
  if (anyBusy !== busy) setBusy(anyBusy);
  useKeepPageInRange(page, data?.pageCount, go);

  const runExport = async () => {
    setConfirming(false);
    setRefusal(null);
    const result = await create({ start, end });
    if (!result.error) return;
    const err = result.error as KassaError;
    if (err.detail?.some((d) => d.loc[0] === 'ledgers') || err.status === 422) return setRefusal({ message: err.status === 422 ? 'The export was refused.' : 'The export was refused: map these ledgers to an accounting code first (below).', lines: err.lines });
    dialogs.error(err, { title: 'Exporting failed' });
  };
  const retryExport = async (e: AccountingExport) => {
    const result = await retry(e.id);
    if (result.error) dialogs.error(result.error as KassaError, { title: 'Retrying failed' });
  };
  const download = form.handleSubmit(async ({ start, end, dutch }) => {
    setDownloading(true);
    setRefusal(null);
    const problem = await downloadCsv(start, end, dutch);
    setDownloading(false);
    if (problem) setRefusal({ message: problem, lines: [] });
  });

  const connected = connection?.status === 'connected';
  const columns: Column<AccountingExport>[] = [
    { header: 'Days', cellClassName: 'exact__days', cell: (e) => rangeText(e.start, e.end) },
    {
      header: 'Status',
      cell: (e) => (
        <>
          <StatusTag tag={STATUS_TAG[e.status]} />
          {e.attempts > 1 ? <div className="k-muted exact__detail">attempt {e.attempts}</div> : null}
        </>
      ),
    },
    {
      header: 'Result',
      cell: (e) => (
        <>
          <div>{daysSummary(e)}</div>
          {e.error ? <div className="exact__error">{e.error}</div> : null}
        </>
      ),
    },
    { header: 'Booked', className: 'k-num', cell: (e) => <Money cents={e.days.filter((d) => d.result === 'booked').reduce((sum, d) => sum + d.total, 0)} tone="plain" /> },
    {
      header: 'Asked',
      cell: (e) => (
        <>
          <div>{e.requestedBy}</div>
          <div className="k-muted exact__detail">
            <DateText value={e.createdAt} time />
          </div>
        </>
      ),
    },
    actionsColumn((e) => (
      <>
        <HistoryLink id={e.id} name={`the export of ${rangeText(e.start, e.end)}`} />
        {e.status === 'failed' ? (
          <Button onClick={() => void retryExport(e)} disabled={retrying || !connected} aria-label={`Retry the export of ${rangeText(e.start, e.end)}`}>
            Retry
          </Button>
        ) : null}
      </>
    )),
  ];

  return (
    <AdminPage page="exactOnline" actions={<Link className="k-btn" to="/admin/exact/setup">Connection setup</Link>}>
      <div className="k-stack exact">
        <Section id="exact-export" title="Export" className="k-card k-stack" headingClassName="exact__heading">
          {connection ? <ConnectionStatus connection={connection} /> : null}
          {connection && !connected ? (
            <p>
              <Link to="/admin/exact/setup">{connection.status === 'needs_attention' ? 'Connect again' : 'Connect Exact Online'}</Link> to export, or download the journal as CSV.
            </p>
          ) : null}
          <div className="k-row exact__range">
            <TextField label="First day" type="date" {...form.register('start')} />
            <TextField label="Last day" type="date" {...field(form, 'end')} />
          </div>
          <p className="k-muted">
            Each day is one entry: revenue per category and VAT rate, the VAT, money in per method (cash, card, iDEAL, direct debit) and the change of member balances.
            Only closed days (yesterday and before) are booked; a day booked before is not booked again.
          </p>
          {refusal ? (
            <div className="k-alert k-alert--error" role="alert">
              <p className="exact__refusal">{refusal.message}</p>
              {refusal.lines.length ? (
                <ul>
                  {refusal.lines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="k-row exact__actions-row">
            <Button variant="primary" onClick={() => void form.handleSubmit(() => setConfirming(true))()} disabled={!connected || creating}>
              Export to Exact Online
            </Button>
            <Button onClick={() => void download()} disabled={downloading}>
              Download CSV
            </Button>
            <label className="k-checkbox">
              <input type="checkbox" {...form.register('dutch')} />
              <span>Dutch decimals (12,50; columns split by ;)</span>
            </label>
          </div>
        </Section>

        <Section id="exact-history" title="History" className="k-stack" headingClassName="exact__heading">
          <ListTable query={query} rows={data?.items} loadingLabel="Loading exports" empty="No exports yet." className="exact__table" columns={columns} />
          <Pager page={page} pageCount={data?.pageCount ?? 0} onPage={(next) => go({ page: next })} label="Export pages" />
        </Section>

        {mapping ? (
          <Section id="exact-mapping" title="Ledger mapping" className="k-stack" headingClassName="exact__heading">
            <p className="k-muted">Each ledger is booked on the accounting code set here (the general-ledger account in Exact Online). A ledger without a code stops the export.</p>
            {mapping}
          </Section>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmModal title="Export to Exact Online" confirmLabel="Export" variant="primary" onConfirm={() => void runExport()} onCancel={() => setConfirming(false)}>
          <p>
            This books {rangeText(start, end)} ({dayCount(start, end)} {dayCount(start, end) === 1 ? 'day' : 'days'}) in {connection?.divisionName ?? 'Exact Online'}: one journal entry per day. Days booked
            before are skipped, so nothing is booked twice.
          </p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
