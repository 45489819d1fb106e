import type { RecentSale } from '@kassa/contracts';
import { Button, describeError, LoadingArea, Modal, Money, TIME_ZONE, type ErrorLike } from '@kassa/ui';
import { useAppDispatch } from '@kassa/api-client';
import { useEffect, useState, type ReactNode } from 'react';
import type { TillEffects } from '../checkout/till-effects';
import { TILL_MODAL_STACK_OFFSET } from '../checkout/checkout-modals';
import { useOnline, useWaitingSales } from '../offline/connection';
import { loadOffline } from '../offline/load-offline';
import type { OfflineSale } from '../offline/offline-queue';
import { useGetRecentSalesQuery } from './recent-sales-api';
import { METHOD_LABELS, undoQuestion, undoRecentSale, undoWaitingSale } from './recent-sales-thunks';

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

const items = (products: readonly { name: string; amount: number }[]) => products.map((p) => (p.amount > 1 ? `${p.amount}× ${p.name}` : p.name)).join(', ');

/** The sales made offline that wait in this till's queue, read again whenever their number changes. */
function useQueuedSales(): OfflineSale[] {
  const count = useWaitingSales();
  const [sales, setSales] = useState<OfflineSale[]>([]);
  useEffect(() => {
    if (count === 0) return undefined;
    let live = true;
    void loadOffline()
      .then((m) => m.waitingSales())
      .then((found) => {
        if (live) setSales(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [count]);
  return count === 0 ? [] : sales;
}

/**
 * The till's recent sales (issue 44 §4): its last sales still within the server's undo window, newest first, each
 * with amount, method and account, undoable after a question that names the amount. Opened from the top bar.
 */
export function RecentSalesModal({ effects, onClose }: { effects: TillEffects; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetRecentSalesQuery(undefined, { refetchOnMountOrArgChange: true });
  const now = useNow();
  const minutes = data ? Math.round(data.undoWindowMs / 60_000) : null;
  const online = useOnline();
  const queued = useQueuedSales();

  const undoQueued = async (sale: OfflineSale) => {
    const question = undoQuestion({ amount: sale.total, method: sale.method, accountName: sale.accountName, topUp: null });
    if (!(await effects.dialogs.confirm({ ...question, confirmLabel: 'Undo sale' }))) return;
    await dispatch(undoWaitingSale(sale.key, effects));
  };

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
  } else if (error && !online) {
    body = <p className="k-muted till-recent__empty">Offline: the sales the server has show here when the network is back.</p>;
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
      {queued.length > 0 ? (
        <section className="till-recent__waiting" aria-label="Waiting to be sent">
          <h3 className="till-recent__heading">Waiting to be sent</h3>
          <ul className="till-recent__list" aria-label="Sales waiting to be sent">
            {queued.map((sale) => (
              <SaleRow
                key={sale.key}
                testId="waiting-sale"
                at={sale.madeAt}
                amount={sale.total}
                method={sale.method}
                who={sale.accountName ?? sale.reason}
                lines={sale.lines}
                action={
                  <Button className="till-recent__undo" onClick={() => void undoQueued(sale)}>
                    Undo sale
                  </Button>
                }
              />
            ))}
          </ul>
        </section>
      ) : null}
      {body}
      {minutes !== null ? <p className="k-muted till-recent__note">Sales older than {minutes} minutes: ask an administrator to undo them.</p> : null}
    </Modal>
  );
}

function RecentRow({ sale, undoable, onUndo }: { sale: RecentSale; undoable: boolean; onUndo: () => void }) {
  const action = sale.undone ? (
    <span className="k-tag k-tag--warning">Undone</span>
  ) : undoable ? (
    <Button className="till-recent__undo" onClick={onUndo}>
      Undo sale
    </Button>
  ) : (
    <span className="k-muted">Too late to undo</span>
  );
  return (
    <SaleRow testId="recent-sale" at={sale.createdAt} amount={sale.amount} method={sale.method} who={sale.accountName ?? sale.reason} lines={sale.products} undone={Boolean(sale.undone)} action={action} />
  );
}

/** One sale in the list, booked or waiting to be sent: time, amount, method · account or reason, products, action. */
function SaleRow(props: {
  testId: string;
  at: string;
  amount: number;
  method: keyof typeof METHOD_LABELS;
  who: string | null | undefined;
  lines: readonly { name: string; amount: number }[];
  undone?: boolean;
  action: ReactNode;
}) {
  return (
    <li className={`till-recent__row${props.undone ? ' till-recent__row--undone' : ''}`} data-testid={props.testId}>
      <time className="till-recent__time" dateTime={props.at}>
        {timeFormat.format(new Date(props.at))}
      </time>
      <div className="till-recent__what">
        <span className="till-recent__amount">
          <Money cents={props.amount} tone="plain" />
        </span>
        <span className="till-recent__method">
          {METHOD_LABELS[props.method]}
          {props.who ? <span className="till-recent__who"> · {props.who}</span> : null}
        </span>
        <span className="till-recent__items">{items(props.lines)}</span>
      </div>
      <div className="till-recent__action">{props.action}</div>
    </li>
  );
}
