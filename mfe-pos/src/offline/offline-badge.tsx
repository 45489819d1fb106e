import { useOnline, useWaitingSales } from './connection';

/**
 * The till's offline state in its top bar: "Offline" while the browser has no network, and "n sales waiting" while
 * sales made offline are not yet with the server. Tapping the count sends them now.
 */
export function OfflineBadge({ onSend }: { onSend: () => void }) {
  const online = useOnline();
  const waiting = useWaitingSales();
  if (online && waiting === 0) return null;
  return (
    <div className="till-offline" role="status" aria-live="polite">
      {online ? null : <span className="till-offline__state">Offline</span>}
      {waiting > 0 ? (
        <button type="button" className="till-offline__waiting" onClick={onSend} disabled={!online} title={online ? 'Send now' : 'Sent when the network is back'}>
          {waiting === 1 ? '1 sale waiting' : `${waiting} sales waiting`}
        </button>
      ) : null}
    </div>
  );
}
