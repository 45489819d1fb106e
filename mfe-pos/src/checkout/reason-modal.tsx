import type { Reason } from '@kassa/contracts';
import { Button, LoadingArea, Modal } from '@kassa/ui';

export interface ReasonModalProps {
  reasons: readonly Reason[] | undefined;
  onPick: (reason: string) => void;
  onCancel: () => void;
  stackIndex?: number;
}

/** SPEC "otherReason": pick why this sale is not paid at the till. */
export function ReasonModal({ reasons, onPick, onCancel, stackIndex }: ReasonModalProps) {
  return (
    <Modal
      title="Other payment reason"
      size="md"
      stackIndex={stackIndex}
      onCancel={onCancel}
      actions={
        <Button size="lg" onClick={onCancel}>
          Annuleer
        </Button>
      }
    >
      {reasons === undefined ? (
        <LoadingArea label="Loading reasons" />
      ) : reasons.length === 0 ? (
        <p className="k-empty">No reasons have been set up. An administrator adds them under Products.</p>
      ) : (
        <div className="till-reasons">
          {reasons.map((r) => (
            <Button key={r.id} size="lg" className="till-reasons__item" onClick={() => onPick(r.name)}>
              {r.name}
            </Button>
          ))}
        </div>
      )}
    </Modal>
  );
}
