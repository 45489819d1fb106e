import { AMOUNT_INVALID, Button, centsToInput, Money, parseEuros } from '@kassa/ui';
import { useId, useState } from 'react';

/** The notes a customer hands over most (cents). */
const NOTES = [500, 1000, 2000, 5000] as const;

/**
 * In the cash modal ("Contant"): what the customer handed over, by a note's button or typed, and the change to give
 * in large type. Only a help for counting: it never changes what is booked (the order's total). A note's button sets
 * the amount rather than adding to it, so a double tap shows the same change.
 */
export function ChangeView({ total }: { total: number }) {
  const [text, setText] = useState('');
  const id = useId();
  const parsed = text.trim() ? parseEuros(text, { zero: true }) : null;
  const handed = parsed && 'cents' in parsed ? parsed.cents : null;
  return (
    <section className="till-change" aria-label="Change to give">
      <div className="till-change__given">
        <label htmlFor={id} className="till-price__label">
          Handed over
        </label>
        <div className="k-row till-change__notes">
          {NOTES.map((note) => (
            <Button key={note} size="lg" variant={handed === note ? 'primary' : 'default'} aria-pressed={handed === note} onClick={() => setText(centsToInput(note))}>
              € {note / 100}
            </Button>
          ))}
          <input
            id={id}
            className="k-input till-change__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      {parsed && 'error' in parsed ? (
        <p className="k-field__error" role="alert">
          {AMOUNT_INVALID}
        </p>
      ) : null}
      {handed !== null ? (
        <div className="till-change__result" role="status">
          <span className="till-price__label">{handed >= total ? 'Change' : 'Still to pay'}</span>
          <Money cents={Math.abs(handed - total)} tone="plain" />
        </div>
      ) : null}
    </section>
  );
}
