import { Button } from './button';
import { describeError, type ErrorLike } from './dialogs/describe-error';
import { LoadingArea } from './spinner';

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
    <nav className={['k-row k-pager', className].filter(Boolean).join(' ')} aria-label={label}>
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

/** A list that could not be loaded: what went wrong (SPEC "Generic dialogs" wording) and a way to try again. */
export function LoadError({ error, onRetry }: { error: ErrorLike; onRetry: () => void }) {
  return (
    <div className="k-alert k-alert--error k-stack" role="alert">
      <span>{describeError(error)}</span>
      <div>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

/** What a list shows while it has no data: its load error with Try again, or that it is loading. */
export function ListFallback({ error, isLoading, loadingLabel, onRetry }: { error: unknown; isLoading: boolean; loadingLabel: string; onRetry: () => void }) {
  if (error) return <LoadError error={error as ErrorLike} onRetry={onRetry} />;
  if (isLoading) return <LoadingArea label={loadingLabel} />;
  return null;
}
