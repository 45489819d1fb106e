import type { KassaError } from '@kassa/api-client';
import { Button, LoadError, Spinner } from '@kassa/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HistoryLink } from './history-link';
import { PAGES, type PageName } from './pages';

/**
 * The frame of every admin page: title, a line saying what it manages, optional actions, then the content. A list
 * page names itself (`page`) and takes its title and line from PAGES; a record's page says its own.
 */
export function AdminPage({ page, actions, children, ...texts }: { page?: PageName; title?: ReactNode; lead?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  const { title, lead } = page ? { ...PAGES[page], ...texts } : texts;
  return (
    <div className="k-page">
      <div className="k-page__header">
        <h1 className="k-page__title">{title}</h1>
        <div className="k-spacer" />
        {actions}
      </div>
      {lead ? <p className="k-page__lead">{lead}</p> : null}
      {children}
    </div>
  );
}

/** A list page's one primary action, "New …", in its header. */
export function NewButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="primary" onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}

/** A page about one record: its History and the way back to its list, in the page's header. */
export function BackToList({ id, to, label }: { id: string; to: string; label: string }) {
  return (
    <div className="k-row">
      <HistoryLink id={id} />
      <Link className="k-btn" to={to}>
        {label}
      </Link>
    </div>
  );
}

/** A record page until its record is there: the load error with Try again, or the spinner. */
export function RecordFallback({ title, actions, error, onRetry, loadingLabel }: { title: string; actions: ReactNode; error: unknown; onRetry: () => unknown; loadingLabel: string }) {
  return (
    <AdminPage title={title} actions={actions}>
      {error ? <LoadError error={error as KassaError} onRetry={() => void onRetry()} /> : <Spinner label={loadingLabel} />}
    </AdminPage>
  );
}
