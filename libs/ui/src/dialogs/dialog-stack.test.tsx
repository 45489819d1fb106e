import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from './dialog-context';
import { createDialogStack } from './dialog-stack';

function setup() {
  const stack = createDialogStack();
  render(<DialogProvider stack={stack} />);
  return stack;
}

afterEach(() => vi.useRealTimers());

describe('generic dialog stack', () => {
  it('confirms a message by itself after 10 seconds, counting down on its OK button', async () => {
    vi.useFakeTimers();
    const stack = setup();
    const answer = vi.fn();
    act(() => {
      void stack.message({ title: 'Saved', text: 'The product was saved.' }).then(answer);
    });
    expect(screen.getByRole('dialog', { name: 'Saved' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK (10)' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'OK (7)' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(6900));
    expect(screen.getByRole('dialog', { name: 'Saved' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answer).toHaveBeenCalledWith(true);
  });

  it('cancels the dialog whose backdrop is clicked', async () => {
    const stack = setup();
    let answer: boolean | undefined;
    act(() => {
      void stack.condition({ title: 'Terms and conditions', text: 'Accept?' }).then((a) => (answer = a));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('modal-backdrop'));
    });
    expect(answer).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not cancel when the click lands inside the dialog', () => {
    const stack = setup();
    act(() => {
      void stack.condition({ title: 'Terms and conditions', text: 'Accept?' });
    });
    fireEvent.click(screen.getByText('Accept?'));
    expect(screen.getByRole('dialog', { name: 'Terms and conditions' })).toBeInTheDocument();
  });

  it('stacks several dialogs at z-index 200 plus their position, the newest on top', async () => {
    const stack = setup();
    const first = vi.fn();
    act(() => {
      void stack.error({ status: 500, code: 500, identifier: 'internal_error', message: 'Boom' }).then(first);
      void stack.prompt({ title: 'Reason', label: 'Why?' });
    });
    const backdrops = screen.getAllByTestId('modal-backdrop');
    expect(backdrops.map((b) => b.style.zIndex)).toEqual(['200', '201']);
    // Cancelling the top one leaves the one below it open.
    await act(async () => {
      fireEvent.click(backdrops[1]!);
    });
    expect(screen.getByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Reason' })).not.toBeInTheDocument();
    expect(first).not.toHaveBeenCalled();
  });

  it('shows API errors and raw errors in the SPEC wording', () => {
    const stack = setup();
    act(() => {
      void stack.error({ status: 403, code: 403, identifier: 'insufficient_permissions', message: 'No permission' });
      void stack.error({ status: 502, code: 502, identifier: 'unknown_error', message: 'Bad gateway', raw: 'Bad gateway' });
    });
    expect(screen.getByText('API error (403/insufficient_permissions): No permission')).toBeInTheDocument();
    expect(screen.getByText('Unknown error (502: Bad gateway)')).toBeInTheDocument();
  });

  it('does not show an error the platform already showed', async () => {
    const stack = setup();
    await act(async () => {
      await stack.error({ status: 401, identifier: 'invalid_access_token', message: 'Token expired, please login again.', handled: true });
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('answers a prompt with the typed text, or null on Cancel', async () => {
    const stack = setup();
    let typed: string | null | undefined;
    act(() => {
      void stack.prompt({ title: 'Other payment reason', label: 'Reason' }).then((v) => (typed = v));
    });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Spilled beer' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    expect(typed).toBe('Spilled beer');

    act(() => {
      void stack.prompt({ title: 'Other payment reason', label: 'Reason' }).then((v) => (typed = v));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(typed).toBeNull();
  });

  it('accepts the conditions with Accept', async () => {
    const stack = setup();
    let accepted: boolean | undefined;
    act(() => {
      void stack.condition({ title: 'Terms and conditions', text: 'No refund while studying.' }).then((a) => (accepted = a));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    });
    expect(accepted).toBe(true);
  });
});
