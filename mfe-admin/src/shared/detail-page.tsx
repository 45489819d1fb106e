import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AdminPage } from './admin-page';

/** The frame of a page about one record: a way back to its list and the record's id. */
export function DetailPage({
  title,
  lead,
  param,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  lead: string;
  param: string;
  backTo: string;
  backLabel: string;
  children?: ReactNode;
}) {
  const params = useParams();
  return (
    <AdminPage
      title={title}
      lead={lead}
      actions={
        <Link className="k-btn" to={backTo}>
          {backLabel}
        </Link>
      }
    >
      <p className="k-muted k-mono">{params[param]}</p>
      {children}
    </AdminPage>
  );
}
