import type { RecentSale } from '@kassa/contracts';
import { Button, describeError, LoadingArea, Modal, Money, TIME_ZONE, type ErrorLike } from '@kassa/ui';
import { useAppDispatch } from '@kassa/api-client';
import { useEffect, useState } from 'react';
import type { TillEffects } from '../checkout/checkout-thunks';
import { TILL_MODAL_STACK_OFFSET } from '../checkout/checkout-modals';
import { useGetRecentSalesQuery } from './recent-sales-api';
import { METHOD_LABELS, undoRecentSale } from './recent-sales-thunks';

const timeFormat = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });

/** While the list is open, a sale whose undo window ends leaves the Undo button: checked this often. */
const TICK_MS = 15_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

const items = (sale: RecentSale) => sale.products.map((p) => (p.amount > 1 ? `${p.amount}× ${p.name}` : p.name)).join(', ');

/**
 * The till's recent sales (issue 44 §4): its last sales still within the server's undo window, newest first, each
 * with amount, method and account, undoable after a question that names the amount. Opened from the top bar.
 */
export function RecentSalesModal({ effects, onClose }: { effects: TillEffects; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetRecentSalesQuery(undefined, { refetchOnMountOrArgChange: true });
  const now = useNow();
  const minutes = data ? Math.round(data.undoWindowMs / 60_000) : null;

  let body;
  if (data) {
    body =
      data.sales.length === 0 ? (
        <p className="k-empty till-recent__empty">No sales in the last {minutes} minutes.</p>
      ) : (
        <ul className="till-recent__list" aria-label="Recent sales">
          {data.sales.map((sale) => (
            <RecentRow key={sale.transaction_id} sale={sale} undoable={!sale.undone && Date.parse(sale.undoableUntil) > now} onUndo={() => void dispatch(undoRecentSale(sale, effects))} />
          ))}
        </ul>
      );
  } else if (error) {
    body = (
      <div className="k-alert k-alert--error" role="alert">
        <p>Recent sales could not be loaded. {describeError(error as ErrorLike)}</p>
        <Button onClick={() => void refetch()}>Retry</Button>
      </div>
    );
  } else if (isLoading) {
    body = <LoadingArea label="Loading recent sales" />;
  }

  return (
    <Modal
      title="Recent sales"
      size="md"
      className="till-recent"
      stackIndex={TILL_MODAL_STACK_OFFSET}
      onCancel={onClose}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {body}
      {minutes !== null ? <p className="k-muted till-recent__note">Sales older than {minutes} minutes: ask an administrator to undo them.</p> : null}
    </Modal>
  );
}

function RecentRow({ sale, undoable, onUndo }: { sale: RecentSale; undoable: boolean; onUndo: () => void }) {
  const who = sale.accountName ?? sale.reason;
  return (
    <li className={`till-recent__row${sale.undone ? ' till-recent__row--undone' : ''}`} data-testid="recent-sale">
      <time className="till-recent__time" dateTime={sale.createdAt}>
        {timeFormat.format(new Date(sale.createdAt))}
      </time>
      <div className="till-recent__what">
        <span className="till-recent__amount">
          <Money cents={sale.amount} tone="plain" />
        </span>
        <span className="till-recent__method">
          {METHOD_LABELS[sale.method]}
          {who ? <span className="till-recent__who"> · {who}</span> : null}
        </span>
        <span className="till-recent__items">{items(sale)}</span>
      </div>
      <div className="till-recent__action">
        {sale.undone ? (
          <span className="k-tag k-tag--warning">Undone</span>
        ) : undoable ? (
          <Button className="till-recent__undo" onClick={onUndo}>
            Undo sale
          </Button>
        ) : (
          <span className="k-muted">Too late to undo</span>
        )}
      </div>
    </li>
  );
}
