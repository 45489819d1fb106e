import { Button } from '@kassa/ui';
import { Link } from 'react-router-dom';

/** A record's history: the audit log filtered by its id. `name` says whose history it is to a screen reader. */
export function HistoryLink({ id, name }: { id: string; name?: string }) {
  return (
    <Link className="k-btn" to={`/admin/audit_logs?entityId=${encodeURIComponent(id)}`} aria-label={name ? `History of ${name}` : undefined}>
      History
    </Link>
  );
}

/** A record's buttons in a list: Edit, its History, Delete; each names the record to a screen reader. */
export function EditHistoryDelete({ id, name, onEdit, onDelete }: { id: string; name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <HistoryLink id={id} name={name} />
      <Button variant="danger" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </>
  );
}
