import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The answer is asked once per page: each case loads the modules afresh, as a new page would.
async function freshBand(training: boolean | 'down') {
  vi.resetModules();
  const fetchMock = vi.fn(async () =>
    training === 'down' ? new Response('', { status: 503 }) : Response.json({ success: true, result: { training } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const mode = await import('./training-mode');
  const { TrainingBand } = await import('./training-band');
  return { mode, TrainingBand, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('the training band', () => {
  it('is in the first render when the entry asked before the shell drew, and the page asks only once', async () => {
    const { mode, TrainingBand, fetchMock } = await freshBand(true);
    await mode.askTrainingMode();
    render(<TrainingBand />);
    expect(screen.getByRole('note')).toHaveTextContent('Training: no real money');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/platform/');
  });

  it('appears when the answer comes after the first render', async () => {
    const { TrainingBand } = await freshBand(true);
    render(<TrainingBand />);
    expect(await screen.findByRole('note')).toHaveTextContent('Training: no real money');
  });

  it('stays away on a real server and when the platform does not answer', async () => {
    for (const answer of [false, 'down'] as const) {
      const { mode, TrainingBand } = await freshBand(answer);
      const { unmount } = render(<TrainingBand />);
      await act(() => mode.askTrainingMode());
      expect(screen.queryByRole('note')).toBeNull();
      unmount();
    }
  });
});
