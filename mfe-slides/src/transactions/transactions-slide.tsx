import type { LiveTransaction } from '@kassa/contracts';
import { formatMoney } from '@kassa/ui';
import { formatTime } from '../shared/clock';
import { SlideFrame } from '../shared/slide-frame';
import type { LiveSale } from './live-feed';
import { useLiveFeed } from './live-feed-context';
import './transactions.css';

/** "2× Pils, 1× Chips" */
export const describeItems = (items: LiveTransaction['items']): string =>
  items.map((item) => `${item.amount}× ${item.name}`).join(', ');

/**
 * Sales as they happen, newest on top. Shows only what the feed carries for a public screen: time, items, amount
 * and a first name for account sales when the board chose so; never a balance or a full name. An undone sale stays,
 * struck through and marked "Undone", so the screen never shows money that was given back as sold.
 */
export function TransactionsSlide() {
  const { sales, status } = useLiveFeed();
  return (
    <SlideFrame
      title="Live transactions"
      className="live"
      status={status === 'reconnecting' ? <span className="slide__status">reconnecting</span> : null}
    >
      <div className="live__feed" data-status={status}>
        {sales.length === 0 ? (
          <p className="slide__message">{status === 'open' ? 'No sales yet. They appear here as they happen.' : 'Connecting…'}</p>
        ) : (
          <ol className="live__list" aria-label="Recent sales">
            {sales.map((sale) => (
              <SaleRow key={sale.id} sale={sale} />
            ))}
          </ol>
        )}
      </div>
    </SlideFrame>
  );
}

function SaleRow({ sale }: { sale: LiveSale }) {
  return (
    <li className={`live__sale${sale.undone ? ' live__sale--undone' : ''}`} data-id={sale.id}>
      <time className="live__time" dateTime={sale.at}>
        {formatTime(sale.at)}
      </time>
      <span className="live__items">{describeItems(sale.items)}</span>
      <span className="live__who">{sale.who ?? ''}</span>
      <span className={`live__amount${sale.total < 0 ? ' live__amount--negative' : ''}`}>
        {sale.undone ? <span className="live__undone">Undone</span> : null}
        {sale.undone ? <s>{formatMoney(sale.total)}</s> : formatMoney(sale.total)}
      </span>
    </li>
  );
}
