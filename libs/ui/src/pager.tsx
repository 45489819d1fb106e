import { Button } from './button';

export interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Accessible name of the page navigation, e.g. "History pages". */
  label?: string;
  className?: string;
}

/** Previous / "Page n of m" / Next under a paged list; nothing when everything fits on one page. */
export function Pager({ page, pageCount, onPage, label = 'Pages', className }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={['k-row', className].filter(Boolean).join(' ')} aria-label={label}>
      <Button onClick={() => onPage(Math.max(1, page - 1))} disabled={page <= 1}>
        Previous
      </Button>
      <span className="k-muted">
        Page {page} of {pageCount}
      </span>
      <Button onClick={() => onPage(Math.min(pageCount, page + 1))} disabled={page >= pageCount}>
        Next
      </Button>
    </nav>
  );
}

/** A list that could not be loaded: what went wrong and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="k-alert k-alert--error k-stack" role="alert">
      <span>{message}</span>
      <div>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}
