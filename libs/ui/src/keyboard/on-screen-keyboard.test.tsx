import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OnScreenKeyboard } from './on-screen-keyboard';
import { insertText } from './input-bridge';

function Form({ enabled }: { enabled: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label>
        Search
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <label>
        PIN
        <input inputMode="none" />
      </label>
      <p>Typed: {value}</p>
      <button type="button">Elsewhere</button>
      <OnScreenKeyboard enabled={enabled} />
    </>
  );
}

describe('OnScreenKeyboard', () => {
  it('appears on focusing a text field when switched on, and hides on a press outside fields', async () => {
    render(<Form enabled />);
    await act(async () => {
      fireEvent.focusIn(screen.getByLabelText('Search'));
    });
    expect(await screen.findByRole('group', { name: 'On-screen keyboard' })).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('group', { name: 'On-screen keyboard' })).not.toBeInTheDocument();
  });

  it('hides as soon as its field leaves the page (a dialog that closed as the sale completed)', async () => {
    function Dialog() {
      const [open, setOpen] = useState(true);
      return (
        <>
          {open ? (
            <label>
              Amount
              <input onKeyDown={(e) => e.key === 'Enter' && setOpen(false)} />
            </label>
          ) : null}
          <OnScreenKeyboard enabled />
        </>
      );
    }
    render(<Dialog />);
    await act(async () => {
      fireEvent.focusIn(screen.getByLabelText('Amount'));
    });
    expect(await screen.findByRole('group', { name: 'On-screen keyboard' })).toBeInTheDocument();
    await act(async () => {
      fireEvent.keyDown(screen.getByLabelText('Amount'), { key: 'Enter' });
    });
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'On-screen keyboard' })).not.toBeInTheDocument();
  });

  it('stays away when switched off and for fields with their own keypad', async () => {
    const { rerender } = render(<Form enabled={false} />);
    fireEvent.focusIn(screen.getByLabelText('Search'));
    expect(screen.queryByRole('group', { name: 'On-screen keyboard' })).not.toBeInTheDocument();
    rerender(<Form enabled />);
    await act(async () => {
      fireEvent.focusIn(screen.getByLabelText('PIN'));
    });
    expect(screen.queryByRole('group', { name: 'On-screen keyboard' })).not.toBeInTheDocument();
  });

  it('types into a React-controlled field so its onChange sees the text', () => {
    render(<Form enabled={false} />);
    const input = screen.getByLabelText('Search') as HTMLInputElement;
    act(() => {
      insertText(input, 'p');
      insertText(input, 'ils');
    });
    expect(screen.getByText('Typed: pils')).toBeInTheDocument();
  });
});
