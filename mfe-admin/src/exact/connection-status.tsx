import type { ExactConnection } from '@kassa/contracts';
import { DateText } from '@kassa/ui';

const TAG: Record<ExactConnection['status'], { tone: string; label: string }> = {
  connected: { tone: 'k-tag--positive', label: 'Connected' },
  needs_attention: { tone: 'k-tag--negative', label: 'Needs attention' },
  disconnected: { tone: 'k-tag--warning', label: 'Not connected' },
};

/** Where the connection stands, in a line or two: status, administration, who connected it and when. */
export function ConnectionStatus({ connection }: { connection: ExactConnection }) {
  const tag = TAG[connection.status];
  return (
    <div className="k-stack exact__status">
      <div className="k-row">
        <span className={`k-tag ${tag.tone}`}>{tag.label}</span>
        {connection.divisionName ? (
          <span>
            {connection.divisionName} <span className="k-muted">(administration {connection.division})</span>
          </span>
        ) : null}
        {connection.provider === 'standin' ? <span className="k-tag k-tag--info">Stand-in (training)</span> : null}
      </div>
      {connection.connectedAt ? (
        <p className="k-muted exact__since">
          Connected by {connection.connectedBy} on <DateText value={connection.connectedAt} time />
        </p>
      ) : null}
      {connection.status === 'needs_attention' ? (
        <div className="k-alert k-alert--error" role="alert">
          {connection.attention ?? 'Exact Online no longer accepts Kassa’s access.'} Exports wait until you connect again; then retry the failed ones.
        </div>
      ) : null}
    </div>
  );
}
