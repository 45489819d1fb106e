import { Link } from 'react-router-dom';

/** A record's history: the audit log filtered by its id. `name` says whose history it is to a screen reader. */
export function HistoryLink({ id, name }: { id: string; name?: string }) {
  return (
    <Link className="k-btn" to={`/admin/audit_logs?entityId=${encodeURIComponent(id)}`} aria-label={name ? `History of ${name}` : undefined}>
      History
    </Link>
  );
}
