import { selectKeyboardEnabled, useAppSelector } from '@kassa/api-client';
import type { TillAccount } from '@kassa/contracts';
import { Button, LoadingArea, Modal, Money, RefreshIcon, SearchIcon } from '@kassa/ui';
import { memo, useMemo, useState, type KeyboardEvent } from 'react';
import { filterAccounts, isBroke, LETTERS, LONG_ACCOUNT_NAME, type Letter } from './account-filter';

const CLOCK = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });

/** Tiles drawn at once; "Show more" adds the next page, so 5,000 accounts never render together. */
export const ACCOUNT_PAGE = 90;

export interface AccountPickerProps {
  title: string;
  accounts: readonly TillAccount[] | undefined;
  /** Bar mode: balances, SEPA, EVENT and TAB badges and the broke highlight. */
  barMode: boolean;
  /** What the account would pay (broke highlight); null when it only receives money (top-up). */
  price: number | null;
  refreshing: boolean;
  onRefresh: () => void;
  onConfirm: (account: TillAccount) => void;
  onCancel: () => void;
  stackIndex?: number;
  /** Offline in bar mode: when the balances shown were last loaded (ms), so the picker says they are not current. */
  balancesAsOf?: number | null;
  /** Current time in ms, for the 75-day window (tests fix it). */
  now?: number;
}

/** SPEC "Account picker". */
export function AccountPicker({
  title,
  accounts,
  barMode,
  price,
  refreshing,
  onRefresh,
  onConfirm,
  onCancel,
  stackIndex,
  balancesAsOf = null,
  now,
}: AccountPickerProps) {
  const [query, setQuery] = useState('');
  const [letter, setLetter] = useState<Letter | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [limit, setLimit] = useState(ACCOUNT_PAGE);
  const [openedAt] = useState(() => now ?? Date.now());
  // With the on-screen keyboard on, focusing the search at once would cover half the names with keys.
  const keyboard = useAppSelector(selectKeyboardEnabled);

  // Filtered in the keystroke itself (a few ms over 5,000 accounts, bench/frontend): a deferred value drew the field
  // and the list in two frames, each paying for layout and paint.
  const matches = useMemo(
    () => (accounts ? filterAccounts(accounts, { query, letter, showAll, now: openedAt }) : []),
    [accounts, query, letter, showAll, openedAt],
  );
  const visible = matches.slice(0, limit);
  const twins = useMemo(() => {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const a of visible) (seen.has(a.name) ? twice : seen).add(a.name);
    return twice;
  }, [visible]);
  const filtering = query.trim() !== '' || letter !== null;
  const more = matches.length > limit || (!showAll && !filtering && (accounts?.length ?? 0) > matches.length);

  const showMore = () => {
    if (matches.length > limit) setLimit((l) => l + ACCOUNT_PAGE);
    else setShowAll(true);
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (matches.length === 1 && matches[0]) onConfirm(matches[0]);
  };

  const pickLetter = (l: Letter) => {
    setLetter((current) => (current === l ? null : l));
    setLimit(ACCOUNT_PAGE);
  };

  return (
    <Modal
      title={title}
      size="full"
      stackIndex={stackIndex}
      onCancel={onCancel}
      className="till-picker"
      headerExtra={
        <Button variant="ghost" icon aria-label="Refresh accounts" onClick={onRefresh} disabled={refreshing}>
          <RefreshIcon className={refreshing ? 'till-spin' : undefined} />
        </Button>
      }
    >
      {balancesAsOf !== null ? (
        <p className="k-alert k-alert--info till-picker__stale" role="status">
          Offline: balances as last loaded at {CLOCK.format(balancesAsOf)}, without the sales made since.
        </p>
      ) : null}
      <div className="till-picker__bar">
        <label className="till-picker__search">
          <SearchIcon />
          <input
            className="k-input"
            type="search"
            placeholder="Search accounts"
            aria-label="Search accounts"
            value={query}
            autoFocus={!keyboard}
            onChange={(e) => {
              setQuery(e.target.value);
              setLimit(ACCOUNT_PAGE);
            }}
            onKeyDown={onSearchKey}
          />
        </label>
        <Button size="lg" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div className="till-picker__letters" role="group" aria-label="First letter">
        {LETTERS.map((l) => (
          <button
            key={l}
            type="button"
            className="till-picker__letter"
            aria-pressed={letter === l}
            onClick={() => pickLetter(l)}
          >
            {l}
          </button>
        ))}
      </div>
      {accounts === undefined ? (
        <LoadingArea label="Loading accounts" />
      ) : visible.length === 0 && !more ? (
        <p className="k-empty">No accounts match.</p>
      ) : (
        <div className="till-picker__grid" role="list" aria-label="Accounts">
          {visible.map((a) => (
            <AccountTile key={a.id} account={a} barMode={barMode} price={price} onPick={onConfirm} twin={twins.has(a.name)} />
          ))}
        </div>
      )}
      {more ? (
        <div className="till-picker__more">
          <Button size="lg" onClick={showMore}>
            Show more
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}

const AccountTile = memo(function AccountTile({
  account,
  barMode,
  price,
  onPick,
  twin = false,
}: {
  account: TillAccount;
  /** Another account on screen has the same name: the tile shows the end of its id to tell them apart. */
  twin?: boolean;
  barMode: boolean;
  price: number | null;
  onPick: (a: TillAccount) => void;
}) {
  const broke = barMode && price !== null && isBroke(account, price);
  const classes = ['till-account'];
  if (account.name.length > LONG_ACCOUNT_NAME) classes.push('till-account--long');
  if (broke) classes.push('till-account--broke');
  return (
    <div role="listitem" className="till-picker__cell">
      <button type="button" className={classes.join(' ')} onClick={() => onPick(account)} data-broke={broke || undefined} title={account.name}>
        <span className="till-account__name">{account.name}</span>
        {twin ? <span className="till-account__twin">#{account.id.slice(-4)}</span> : null}
        {barMode ? (
          <span className="till-account__meta">
            {account.balance !== null ? <Money cents={account.balance} /> : null}
            {account.directDebit ? <span className="k-tag k-tag--info">SEPA</span> : null}
            {account.type === 'event' ? <span className="k-tag k-tag--warning">EVENT</span> : null}
            {account.tab ? <span className="k-tag k-tag--info">TAB</span> : null}
          </span>
        ) : null}
      </button>
    </div>
  );
});
