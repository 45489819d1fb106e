import type { KassaError } from '@kassa/api-client';
import { Button, ConfirmModal, ListFallback, useDialogs } from '@kassa/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AdminPage } from '../shared/admin-page';
import { HistoryLink } from '../shared/history-link';
import { Notice } from '../shared/notice';
import { Section } from '../shared/section';
import { ConnectionStatus } from './connection-status';
import { useCompleteExactConnectMutation, useDisconnectExactMutation, useGetExactConnectionQuery, useStartExactConnectMutation } from './exact-api';
import './exact.css';

/**
 * /admin/exact/setup and its alias /admin/exact/oauth/success (where Exact Online sends the browser back with a code):
 * connect, see the connection's state, disconnect.
 */
export function ExactSetupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  /** What the return from Exact Online came to, carried to /admin/exact/setup (the code leaves the address bar). */
  const outcome = (useLocation().state ?? null) as { notice?: string; problem?: string } | null;
  const { data: connection, error, isLoading, refetch } = useGetExactConnectionQuery();
  const [start, { isLoading: starting }] = useStartExactConnectMutation();
  const [complete, { isLoading: completing }] = useCompleteExactConnectMutation();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectExactMutation();
  const dialogs = useDialogs();
  const [confirming, setConfirming] = useState(false);
  const [localNotice, setNotice] = useState<string | null>(null);
  const notice = localNotice ?? outcome?.notice ?? null;
  const problem = outcome?.problem ?? null;
  const handled = useRef(false);

  const code = params.get('code');
  const state = params.get('state');
  const refused = params.get('error');
  useEffect(() => {
    if (handled.current || (!code && !refused)) return;
    // The code is good once: a second render (or a reload of this address) must not send it again.
    handled.current = true;
    if (refused || !code || !state) {
      navigate('/admin/exact/setup', { replace: true, state: { problem: `Exact Online did not grant access (${refused ?? 'no code'}). Nothing changed; connect again when you are ready.` } });
      return;
    }
    void complete({ code, state }).then((result) => {
      const next = result.error ? { problem: `Connecting failed: ${(result.error as KassaError).message}` } : { notice: `Connected to ${result.data.divisionName ?? 'Exact Online'}.` };
      navigate('/admin/exact/setup', { replace: true, state: next });
    });
  }, [code, state, refused, complete, navigate]);

  const connect = async () => {
    const result = await start();
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Connecting failed' });
    window.location.assign(result.data.authorizeUrl);
  };
  const confirmDisconnect = async () => {
    setConfirming(false);
    const result = await disconnect();
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Disconnecting failed' });
    setNotice('Disconnected from Exact Online.');
  };

  return (
    <AdminPage page="exactOnlineSetup" actions={<Link className="k-btn" to="/admin/exact">Exports</Link>}>
      <div className="k-stack exact">
        <Notice text={notice} />
        <Notice text={problem} tone="error" />
        <Section id="exact-connection" title="Connection" className="k-card k-stack" headingClassName="exact__heading">
          {completing ? <p role="status">Finishing the connection with Exact Online…</p> : null}
          {connection ? (
            <>
              <ConnectionStatus connection={connection} />
              <p className="k-muted">
                {connection.status === 'disconnected'
                  ? 'Connecting opens Exact Online, where you sign in and allow Kassa to book one journal entry per day in your administration. Kassa keeps its access encrypted and never shows it.'
                  : 'Kassa books one journal entry per closed day in this administration. Disconnecting deletes Kassa’s access; entries booked so far stay in Exact Online.'}
              </p>
              <div className="k-row">
                <Button variant="primary" onClick={() => void connect()} disabled={starting || completing}>
                  {connection.status === 'disconnected' ? 'Connect to Exact Online' : 'Connect again'}
                </Button>
                {connection.status !== 'disconnected' ? (
                  <Button variant="danger" onClick={() => setConfirming(true)} disabled={disconnecting}>
                    Disconnect
                  </Button>
                ) : null}
                <HistoryLink id="exact" name="the Exact Online connection" />
              </div>
            </>
          ) : (
            <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading the connection" onRetry={() => void refetch()} />
          )}
        </Section>
      </div>
      {confirming ? (
        <ConfirmModal title="Disconnect Exact Online" confirmLabel="Disconnect" variant="danger" onConfirm={() => void confirmDisconnect()} onCancel={() => setConfirming(false)}>
          <p>
            Kassa deletes its access to {connection?.divisionName ?? 'the administration'}. Entries booked so far stay in Exact Online and are not booked again after you
            reconnect; exports cannot run until you connect again.
          </p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
