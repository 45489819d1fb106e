import type { KassaError } from '@kassa/api-client';
import type { Shift } from '@kassa/contracts';
import { countTotal } from '@kassa/contracts/denominations';
import { Button, formatMoney, ListFallback, parseEuros, TextField, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DrawerCount, emptyCounts, type Counts } from './drawer-count';
import { useCloseShiftMutation, useGetCurrentShiftQuery, useOpenShiftMutation, useSafeDropMutation } from './shift-api';
import './shift.css';

const newNonce = () => globalThis.crypto.randomUUID();

/**
 * /pos/shift (lazy-loaded, from the menu): open a shift with the float counted by denomination, see the cash expected
 * in the drawer, record safe drops, and close with the drawer counted (expected, counted and difference; a note when
 * the difference is above the board's threshold).
 */
export default function ShiftPage({ basePath }: { basePath: string }) {
  const { data, error, isLoading, refetch } = useGetCurrentShiftQuery();
  const [closed, setClosed] = useState<Shift | null>(null);
  return (
    <main className="shift-page">
      <header className="shift-page__head">
        <h1>Shift</h1>
        <Link className="k-btn" to={basePath}>
          Back to the till
        </Link>
      </header>
      {closed ? (
        <ClosedShift shift={closed} onDone={() => setClosed(null)} />
      ) : data ? (
        data.shift ? (
          <OpenShift key={data.shift.id} shift={data.shift} noteAbove={data.noteAbove} onClosed={setClosed} />
        ) : (
          <OpenForm />
        )
      ) : (
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading the shift" onRetry={() => void refetch()} />
      )}
    </main>
  );
}

function OpenForm() {
  const [counts, setCounts] = useState<Counts>(emptyCounts);
  const [open, { isLoading }] = useOpenShiftMutation();
  const dialogs = useDialogs();
  const submit = async () => {
    const result = await open({ float: counts });
    if (result.error) void dialogs.error(result.error as KassaError, { title: 'Opening the shift failed' });
  };
  return (
    <section className="shift-page__section" aria-label="Open a shift">
      <p>No shift is open at this register. Count the float in the drawer to open one.</p>
      <DrawerCount label="Float" counts={counts} onChange={setCounts} />
      <Button size="lg" disabled={isLoading} onClick={() => void submit()}>
        Open shift with {formatMoney(countTotal(counts))}
      </Button>
    </section>
  );
}

function OpenShift({ shift, noteAbove, onClosed }: { shift: Shift; noteAbove: number; onClosed: (shift: Shift) => void }) {
  return (
    <>
      <section className="shift-page__section" aria-label="Current shift">
        <dl className="shift-facts">
          <dt>Opened</dt>
          <dd>
            {new Date(shift.openedAt).toLocaleString('nl-NL')} by {shift.openedBy}
          </dd>
          <dt>Float</dt>
          <dd>{formatMoney(shift.float)}</dd>
          <dt>Safe drops</dt>
          <dd>{shift.safeDrops.length ? shift.safeDrops.map((d) => formatMoney(d.amount)).join(', ') : 'none'}</dd>
          <dt>Expected cash</dt>
          <dd className="shift-facts__big" data-testid="expected-cash">
            {formatMoney(shift.expected)}
          </dd>
        </dl>
      </section>
      <SafeDropForm shiftId={shift.id} />
      <CloseForm shift={shift} noteAbove={noteAbove} onClosed={onClosed} />
    </>
  );
}

function SafeDropForm({ shiftId }: { shiftId: string }) {
  const [text, setText] = useState('');
  const [line, setLine] = useState<string | null>(null);
  // One nonce per drop: a retry of the same drop is the same drop; a new one after success gets a new nonce.
  const [nonce, setNonce] = useState(newNonce);
  const [drop, { isLoading }] = useSafeDropMutation();
  const dialogs = useDialogs();
  const submit = async () => {
    const parsed = parseEuros(text);
    if ('error' in parsed) return setLine(parsed.error);
    setLine(null);
    const result = await drop({ id: shiftId, nonce, amount: parsed.cents });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'The safe drop failed' });
    setText('');
    setNonce(newNonce());
  };
  return (
    <section className="shift-page__section" aria-label="Safe drop">
      <h2>Safe drop</h2>
      <form
        className="shift-inline"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Amount to the safe (€)" inputMode="decimal" value={text} error={line} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" size="lg" disabled={isLoading || text.trim() === ''}>
          Record safe drop
        </Button>
      </form>
    </section>
  );
}

function CloseForm({ shift, noteAbove, onClosed }: { shift: Shift; noteAbove: number; onClosed: (shift: Shift) => void }) {
  const [counts, setCounts] = useState<Counts>(emptyCounts);
  const [note, setNote] = useState('');
  const [noteLine, setNoteLine] = useState<string | null>(null);
  const [close, { isLoading }] = useCloseShiftMutation();
  const dialogs = useDialogs();
  const counted = countTotal(counts);
  const difference = counted - shift.expected;
  const noteNeeded = Math.abs(difference) > noteAbove || noteLine !== null;
  const submit = async () => {
    if (Math.abs(difference) > noteAbove && note.trim() === '') return setNoteLine(`The count differs more than ${formatMoney(noteAbove)}: say why.`);
    const result = await close({ id: shift.id, count: counts, ...(note.trim() ? { note: note.trim() } : {}) });
    if (result.error) {
      const err = result.error as KassaError;
      const aboutNote = err.detail?.find((d) => d.loc.at(-1) === 'note');
      if (err.status === 422 && aboutNote) return setNoteLine(aboutNote.msg);
      return void dialogs.error(err, { title: 'Closing the shift failed' });
    }
    onClosed(result.data);
  };
  return (
    <section className="shift-page__section" aria-label="Close the shift">
      <h2>Close the shift</h2>
      <DrawerCount label="Count" counts={counts} onChange={setCounts} />
      <dl className="shift-facts">
        <dt>Expected</dt>
        <dd>{formatMoney(shift.expected)}</dd>
        <dt>Counted</dt>
        <dd>{formatMoney(counted)}</dd>
        <dt>Difference</dt>
        <dd className={difference < 0 ? 'shift-facts__short' : undefined} data-testid="close-difference">
          {formatMoney(difference)}
        </dd>
      </dl>
      {noteNeeded ? <TextField label="Note (why the count differs)" value={note} error={noteLine} onChange={(e) => setNote(e.target.value)} /> : null}
      <Button size="lg" variant="danger" disabled={isLoading} onClick={() => void submit()}>
        Close shift
      </Button>
    </section>
  );
}

function ClosedShift({ shift, onDone }: { shift: Shift; onDone: () => void }) {
  return (
    <section className="shift-page__section" aria-label="Shift closed">
      <h2>Shift closed</h2>
      <dl className="shift-facts">
        <dt>Expected</dt>
        <dd>{formatMoney(shift.expected)}</dd>
        <dt>Counted</dt>
        <dd>{formatMoney(shift.counted ?? 0)}</dd>
        <dt>Difference</dt>
        <dd className={(shift.difference ?? 0) < 0 ? 'shift-facts__short' : undefined}>{formatMoney(shift.difference ?? 0)}</dd>
        {shift.note ? (
          <>
            <dt>Note</dt>
            <dd>{shift.note}</dd>
          </>
        ) : null}
        <dt>Card in Kassa</dt>
        <dd>{formatMoney(shift.card.total)}</dd>
        <dt>Card at the terminal</dt>
        <dd data-testid="closed-terminal-total">{shift.card.terminal?.totals ? formatMoney(shift.card.terminal.totals.total) : (shift.card.terminal?.note ?? 'Not known')}</dd>
      </dl>
      <Button size="lg" onClick={onDone}>
        Open the next shift
      </Button>
    </section>
  );
}
