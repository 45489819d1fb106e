import { AUDIT_TARGET_KINDS, type AuditLogEntry } from '@kassa/contracts';
import { Button, DateText, formatDate, formatMoney, TextField } from '@kassa/ui';
import { useState, type FormEvent } from 'react';
import { AdminPage } from '../shared/admin-page';
import { ListTotal, ToggleButton } from '../shared/filters';
import { SelectField } from '../shared/forms';
import { PagedTable, type Column } from '../shared/list-table';
import { EVERY_MINUTE, filterArgs, useListParams } from '../shared/use-list-params';
import { useGetAuditLogsQuery } from './audit-logs-api';
import './audit-logs.css';

export const PAGE_SIZE = 15;
/** The action the ledger self-audit logs each difference under. */
export const LEDGER_DIFFERENCE = 'ledger_audit.difference';
/** Change lines shown in the table; the rest are under "Details". */
const SHOWN_CHANGES = 4;
const FILTER_KEYS = ['action', 'actor', 'entity', 'entityId', 'day'] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

/** Fields the services log in cents: shown in euros. */
const CENTS_KEYS = new Set([
  'total', 'amount', 'balance', 'balance_after', 'balanceAfter', 'topup', 'upgrade_amount', 'expected', 'actual', 'price', 'unitPrice',
  'accountUpgradeMinAmount', 'creditLimit', 'effectiveCreditLimit', 'minAmount', 'failedTotal', 'owed', 'spent', 'net', 'offlineFloor', 'offlinePrepaidFloor', 'fourEyesAboveCents',
]);
/** A kind of record as people say it ("Direct-debit batch"), not its internal name. */
export const targetKind = (entity: string): string => AUDIT_TARGET_KINDS[entity] ?? entity;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const clock = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

export function formatValue(key: string, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return CENTS_KEYS.has(key) ? formatMoney(v) : String(v);
  if (typeof v === 'string') return ISO_TIME.test(v) ? formatDate(v, { time: true }) : clip(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (isRecord(v)) return clip(Object.entries(v).map(([k, inner]) => `${k} ${formatValue(k, inner)}`).join(', '));
  return clip(JSON.stringify(v));
}

export interface ChangeLine {
  key: string;
  /** null: the field was not there before (a new record). */
  from: string | null;
  /** null: the field is gone after (a removed record). */
  to: string | null;
}

/**
 * Before and after as one line per field that changed. Services log only the fields they touch, so a field that is
 * in `before` but not in `after` was left alone, not removed; only a record that is gone (`after` null) lists them.
 */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before ?? null) === JSON.stringify(after ?? null) ? [] : [{ key: '', from: before == null ? null : formatValue('', before), to: formatValue('', after) }];
  }
  const b = isRecord(before) ? before : null;
  if (!isRecord(after)) return Object.entries(b ?? {}).map(([k, v]) => ({ key: k, from: formatValue(k, v), to: null }));
  return Object.entries(after)
    .filter(([k, v]) => !b || JSON.stringify(b[k] ?? null) !== JSON.stringify(v ?? null))
    .map(([k, v]) => ({ key: k, from: b && k in b ? formatValue(k, b[k]) : null, to: formatValue(k, v) }));
}

/**
 * /admin/audit_logs: who changed what, newest first, 15 a page, filtered by action (or its first parts), who made
 * the change and the kind of record; the ledger self-audit's differences are here too.
 */
const AUDIT_COLUMNS: Column<AuditLogEntry>[] = [
  {
    header: 'Time',
    cellClassName: 'audit-logs__time',
    phone: 'start',
    cell: (e) => (
      <>
        <DateText value={e.at} />
        <div className="k-muted audit-logs__detail">{clock.format(new Date(e.at))}</div>
      </>
    ),
  },
  {
    header: 'Who',
    phone: 'end',
    cell: (e) => (
      <>
        <div className="audit-logs__who">{e.actor.username ?? e.actor.id ?? 'unknown'}</div>
        <div className="k-muted audit-logs__detail">{e.service}</div>
      </>
    ),
  },
  { header: 'Action', cell: (e) => <span className={`k-mono audit-logs__action${e.action === LEDGER_DIFFERENCE ? ' audit-logs__action--difference' : ''}`}>{e.action}</span> },
  {
    header: 'Target',
    cell: (e) => (
      <>
        <div>
          {targetKind(e.entity)}
          {e.entityName ? <strong>{` ${e.entityName}`}</strong> : null}
        </div>
        {e.entityId ? <div className="k-muted k-mono audit-logs__detail">{e.entityId}</div> : null}
      </>
    ),
  },
  { header: 'Change', cellClassName: 'audit-logs__change', cell: (e) => <Change entry={e} /> },
];

export function AuditLogsPage() {
  const { filters, page, go, filtered } = useListParams(FILTER_KEYS);
  const query = useGetAuditLogsQuery({ page, perPage: PAGE_SIZE, ...filterArgs(filters, FILTER_KEYS) }, EVERY_MINUTE);
  const { data } = query;
  const onlyDifferences = filters.action === LEDGER_DIFFERENCE;


  const empty = filtered ? 'No entries match these filters.' : 'Nothing has been logged yet.';
  return (
    <AdminPage page="auditLogs">
      <div className="k-stack">
        <FilterForm key={JSON.stringify(filters)} initial={filters} onApply={(f) => go(f)} />
        <div className="k-row">
          <ToggleButton pressed={onlyDifferences} onClick={() => go({ action: onlyDifferences ? '' : LEDGER_DIFFERENCE })}>
            Ledger audit differences
          </ToggleButton>
          <ListTotal total={data?.total} />
        </div>
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading the audit log" empty={empty} className="audit-logs__table" phone columns={AUDIT_COLUMNS} />
      </div>
    </AdminPage>
  );
}

function FilterForm({ initial, onApply }: { initial: Filters; onApply: (f: Filters) => void }) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(values);
  };
  return (
    <form className="audit-logs__filters" onSubmit={submit} aria-label="Filter the audit log">
      <TextField label="Action" placeholder="transaction.undo" hint="Exactly, or its first parts" value={values.action} onChange={set('action')} />
      <TextField label="Who" placeholder="admin" hint="Username or user id" value={values.actor} onChange={set('actor')} />
      <SelectField label="Target" value={values.entity} onChange={set('entity')}>
        <option value="">Every kind</option>
        {Object.entries(AUDIT_TARGET_KINDS).map(([entity, label]) => (
          <option key={entity} value={entity}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField label="Record id" placeholder="64b7f0c2…" hint="One record's history" value={values.entityId} onChange={set('entityId')} />
      <TextField label="Day" type="date" hint="Dutch time" value={values.day} onChange={set('day')} />
      <div className="k-row audit-logs__filter-actions">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        <Button onClick={() => onApply({ action: '', actor: '', entity: '', entityId: '', day: '' })}>Clear</Button>
      </div>
    </form>
  );
}

function Change({ entry }: { entry: AuditLogEntry }) {
  if (entry.action === LEDGER_DIFFERENCE && isRecord(entry.after) && typeof entry.after.message === 'string') {
    const name = typeof entry.after.accountName === 'string' ? entry.after.accountName : null;
    return (
      <p className="audit-logs__difference">
        {name ? <strong>{name}: </strong> : null}
        {entry.after.message}
      </p>
    );
  }
  const lines = changeLines(entry.before, entry.after);
  if (lines.length === 0) return <span className="k-muted">—</span>;
  return (
    <>
      <ul className="audit-logs__lines">
        {lines.slice(0, SHOWN_CHANGES).map((l) => (
          <li key={l.key}>
            {l.key ? <span className="audit-logs__key">{l.key}: </span> : null}
            {l.from !== null && l.to !== null ? (
              <>
                <span className="audit-logs__from">{l.from}</span> → {l.to}
              </>
            ) : l.to !== null ? (
              l.to
            ) : (
              <>
                <span className="audit-logs__from">{l.from}</span> (removed)
              </>
            )}
          </li>
        ))}
      </ul>
      <details className="audit-logs__details">
        <summary>{lines.length > SHOWN_CHANGES ? `Details (${lines.length - SHOWN_CHANGES} more changes)` : 'Details'}</summary>
        <pre className="k-mono">{JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}</pre>
      </details>
    </>
  );
}
