import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { StandinTerminalPanel } from './standin-terminal-panel';

afterEach(() => vi.unstubAllGlobals());

const REGISTER = '64b7f0c2a1b2c3d4e5f60701';

describe('the training terminal on a register page', () => {
  it("queues how the register's next card payments end, and clears them", async () => {
    let queued: { outcome: string; delayMs: number }[] = [];
    const calls = stubAdminApi((call) => {
      if (call.method === 'PUT') queued = (call.body as { outcomes: string[] }).outcomes.map((outcome) => ({ outcome, delayMs: 2000 }));
      return json(200, ok({ provider: 'standin', defaultDelayMs: 2000, queued }));
    });
    renderAdmin(<StandinTerminalPanel registerId={REGISTER} />, `/admin/registers/${REGISTER}`);
    const user = userEvent.setup();
    expect(await screen.findByText(/after these, payments are approved after 2 s/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Cancelled by the customer' }));
    // The buttons wait while the terminal takes it, as a person sees the queue grow before the next tap.
    await waitFor(() => expect(screen.getByText('Cancelled by the customer')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: '+ Approved' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: '+ Approved' }));
    await waitFor(() => expect(screen.getByText('Cancelled by the customer, then Approved')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { outcomes: ['cancelled'], register: REGISTER },
      { outcomes: ['cancelled', 'completed'], register: REGISTER },
    ]);
    // It reads and changes this register's terminal only.
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.query.get('register'))).toEqual([REGISTER]);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ outcomes: [], register: REGISTER }));
  });

  it('shows nothing where a real terminal is in use', async () => {
    const calls = stubAdminApi(() => json(409, { error: true, errorCode: 409, errorIdentifier: 'conflict', errorMessage: 'The stand-in terminal is not in use (TERMINAL_PROVIDER=sepay).', result: null }));
    const { container } = renderAdmin(<StandinTerminalPanel registerId={REGISTER} />, `/admin/registers/${REGISTER}`);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(container).toBeEmptyDOMElement();
  });
});
