import { Button } from '@kassa/ui';
import type { ReactNode } from 'react';

/** A filter that is on or off: primary and pressed while on. */
export function ToggleButton({ pressed, onClick, label, children }: { pressed: boolean; onClick: () => void; label?: string; children: ReactNode }) {
  return (
    <Button variant={pressed ? 'primary' : 'default'} aria-pressed={pressed} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}

/** One value of a list's filter picked from a row of buttons, the picked one pressed; `label` names the group. */
export function FilterButtons<V extends string>({
  label,
  options,
  value,
  onPick,
  className,
  children,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onPick: (value: V) => void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={`k-row ${className}`} role="group" aria-label={label}>
      {options.map((f) => (
        <ToggleButton key={f.label} pressed={value === f.value} onClick={() => onPick(f.value)}>
          {f.label}
        </ToggleButton>
      ))}
      {children}
    </div>
  );
}

/** While a list shows one account's rows: says whose, and shows every account's again when pressed. */
export function AccountFilter({ name, onClear }: { name: string; onClear: () => void }) {
  return (
    <Button onClick={onClear} aria-label={`Show every account, not only ${name}`}>
      Account: {name} ✕
    </Button>
  );
}

/** An account's name in a row that shows only that account's rows when pressed; `title` says so. */
export function AccountButton({ name, title, onFilter, className }: { name: string; title: string; onFilter: () => void; className?: string }) {
  return (
    <button type="button" className={className ? `k-link-button ${className}` : 'k-link-button'} onClick={onFilter} title={title}>
      {name}
    </button>
  );
}

/** How many rows the list has over all its pages, once it is known. */
export function ListTotal({ total }: { total: number | undefined }) {
  return total === undefined ? null : <span className="k-muted k-list-total">{total} in total</span>;
}

/** A list's filters in a row that wraps, the count of what they found at its end. */
export function FilterRow({ total, children }: { total: number | undefined; children: ReactNode }) {
  return (
    <div className="k-row k-filters">
      {children}
      <ListTotal total={total} />
    </div>
  );
}
