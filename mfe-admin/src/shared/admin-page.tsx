import { Button } from '@kassa/ui';
import type { ReactNode } from 'react';

/** The frame of every admin page: title, a line saying what it manages, optional actions, then the content. */
export function AdminPage({
  title,
  lead,
  actions,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
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
