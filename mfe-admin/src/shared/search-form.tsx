import { TextField } from '@kassa/ui';
import { useState, type ReactNode } from 'react';

/**
 * The filter bar of an admin list: a search box that applies on Enter and on leaving the field, then the list's own
 * filters (selects, checkboxes) and its total. `initial` is the search in the URL.
 */
export function SearchForm({ label, initial, onSearch, className, children }: { label: string; initial: string; onSearch: (search: string) => void; className: string; children?: ReactNode }) {
  const [search, setSearch] = useState(initial);
  return (
    <form
      className={`k-row ${className}`}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(search.trim());
      }}
    >
      <TextField label={label} value={search} onChange={(e) => setSearch(e.target.value)} onBlur={() => onSearch(search.trim())} />
      {children}
    </form>
  );
}
