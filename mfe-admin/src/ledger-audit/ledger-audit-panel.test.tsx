import { configLoaded, makeStore } from '@kassa/api-client';
import type { LedgerAuditDifference, LedgerAuditRun } from '@kassa/contracts';
import { createDialogStack, DialogProvider } from '@kassa/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LedgerAuditPanel, SHOWN_DIFFERENCES } from './ledger-audit-panel';
import { adminConfig, json, ok } from '../testing/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});



const difference = (n: number): LedgerAuditDifference => ({
  kind: 'balance_cache',
  accountId: `64b7f0c2a1b2c3d4e5f60a${String(n).padStart(2, '0')}`,
  accountName: `Lid ${n}`,
  ref: null,
  message: `The account's cached balance is € 27.50, but the ledger says € 25.0${n}.`,
  expected: 2500 + n,
  actual: 2750,
});

const run = (over: Partial<LedgerAuditRun> = {}): LedgerAuditRun => ({
  id: '64b7f0c2a1b2c3d4e5f60c01',
  startedAt: '2026-11-22T20:00:00Z',
  finishedAt: '2026-11-22T20:00:02Z',
  trigger: 'schedule',
  accountsChecked: 12,
  postingsChecked: 240,
  purchasesChecked: 35,
  purchasesSince: '2026-10-22T20:00:00Z',
  incomplete: null,
  differenceCount: 0,
  differences: [],
  ...over,
});

function renderPanel() {
  const store = makeStore();
  store.dispatch(configLoaded(adminConfig));
  return render(
    <Provider store={store}>
      <DialogProvider stack={createDialogStack()}>
        <LedgerAuditPanel />
      </DialogProvider>
    </Provider>,
  );
}

/** GET answers `latest` (changed by `setLatest`); POST answers `post`. */
function stubApi(latest: LedgerAuditRun | null, post: () => Response = () => json(500, {})) {
  let current = latest;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${new URL(String(input)).pathname}`);
      return method === 'POST' ? post() : json(200, ok({ latest: current }));
    }),
  );
  return { calls, setLatest: (r: LedgerAuditRun) => (current = r) };
}

describe('the ledger audit panel', { timeout: 20_000 }, () => {
  it('says calmly that there are no differences, with when it ran and what it checked', async () => {
    stubApi(run());
    renderPanel();
    expect(await screen.findByText(/No differences: every balance matches its postings and every purchase its posting\./)).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Ledger audit' });
    expect(panel).toHaveTextContent('Last checked 22 november 2026');
    expect(panel).toHaveTextContent('(hourly run)');
    expect(panel).toHaveTextContent('Checked 12 accounts, 240 postings and 35 purchases (made since 22 oktober 2026).');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the differences in red, the first few and the rest on request', async () => {
    const differences = Array.from({ length: SHOWN_DIFFERENCES + 2 }, (_, i) => difference(i + 1));
    stubApi(run({ differenceCount: differences.length, differences }));
    const user = userEvent.setup();
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${differences.length} differences found`);
    expect(alert).toHaveTextContent("Lid 1: The account's cached balance is € 27.50, but the ledger says € 25.01.");
    expect(screen.getAllByRole('listitem')).toHaveLength(SHOWN_DIFFERENCES);
    expect(screen.queryByText(/No differences/)).toBeNull();
    await user.click(screen.getByRole('button', { name: `Show all ${differences.length}` }));
    expect(screen.getAllByRole('listitem')).toHaveLength(differences.length);
  });

  it('says when the purchases could not be checked', async () => {
    stubApi(run({ incomplete: 'Purchases were not checked: checkout did not answer (timeout).', purchasesChecked: 0 }));
    renderPanel();
    expect(await screen.findByText('Purchases were not checked: checkout did not answer (timeout).')).toBeInTheDocument();
    expect(screen.getByText(/No differences: every balance matches its postings\./)).toBeInTheDocument();
  });

  it('shows the run "Run audit now" made as soon as it is done', async () => {
    const fresh = run({ id: '64b7f0c2a1b2c3d4e5f60c02', trigger: 'admin', finishedAt: '2026-11-22T20:30:01Z', differenceCount: 1, differences: [difference(1)] });
    const { calls } = stubApi(run(), () => json(200, ok({ run: fresh, requestedAt: '2026-11-22T20:30:00Z', workerOnline: true })));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Run audit now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 difference found');
    expect(screen.getByRole('region', { name: 'Ledger audit' })).toHaveTextContent('(run by an administrator)');
    expect(calls).toContain('POST /api/admin/ledger_audit');
  });

  it('waits for a run the worker has not finished yet, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(run(), () => json(202, ok({ run: null, requestedAt: '2026-11-22T20:30:00Z', workerOnline: true }, 202)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Run audit now' }));
    expect(await screen.findByText('The audit is still running; its result appears here when it is done.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Running…' })).toBeDisabled();

    api.setLatest(run({ id: '64b7f0c2a1b2c3d4e5f60c03', trigger: 'admin', finishedAt: '2026-11-22T20:31:00Z' }));
    // The panel asks again every few seconds while it waits (not once a minute).
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(screen.queryByText(/still running/)).toBeNull());
    expect(screen.getByRole('region', { name: 'Ledger audit' })).toHaveTextContent('(run by an administrator)');
    expect(screen.getByRole('button', { name: 'Run audit now' })).toBeEnabled();
  });

  it('says when no worker is there to run it', async () => {
    stubApi(run(), () => json(202, ok({ run: null, requestedAt: '2026-11-22T20:30:00Z', workerOnline: false }, 202)));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Run audit now' }));
    expect(await screen.findByText('The audit is queued, but the accounts worker is not running: it runs as soon as the worker starts.')).toBeInTheDocument();
  });

  it('says when the ledger was never audited', async () => {
    stubApi(null);
    renderPanel();
    expect(await screen.findByText('The ledger has not been audited yet.')).toBeInTheDocument();
  });
});
