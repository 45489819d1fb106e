import { BackspaceIcon, Button, Modal } from '@kassa/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** SPEC 9: PIN length 4. */
export const PIN_LENGTH = 4;

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/** SPEC 4: on 1 April, when the server enables it, the keypad digits are shuffled. */
export function isAprilFools(enabled: boolean, now: Date): boolean {
  return enabled && now.getMonth() === 3 && now.getDate() === 1;
}

function shuffled(list: string[]): string[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  return out;
}

/** SPEC 5: the PIN rules, checked before anything is sent. */
export function pinProblem(pin: string): string | null {
  if (pin.length === 0) return 'Please enter a pin code.';
  if (/[^0-9]/.test(pin)) return 'Pin code cannot contain letters.';
  if (pin.length !== PIN_LENGTH) return 'Pin code does not contain precisely four digits.';
  return null;
}

export interface PinPadProps {
  title: string;
  /** Who the PIN is for, under the title. */
  subtitle?: ReactNode;
  onSubmit: (pin: string) => void;
  onCancel: () => void;
  /** Wrong PINs so far; each increase shakes the field and says "Invalid passcode". */
  pinErrors: number;
  /** What the last wrong PIN said (the server's sentence); "Invalid passcode" when not given. */
  pinMessage?: string | undefined;
  aprilFools?: boolean;
  stackIndex?: number;
}

/** SPEC "PIN": submits by itself at the fourth digit, then clears the field for the next try. */
export function PinPad({ title, subtitle, onSubmit, onCancel, pinErrors, pinMessage, aprilFools = false, stackIndex }: PinPadProps) {
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [digits] = useState(() => (aprilFools ? shuffled(DIGITS) : DIGITS));
  // Wrong PINs the user has seen and typed past: the message goes once they start the next try.
  const [seenErrors, setSeenErrors] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [pinErrors]);

  const submit = (value: string) => {
    const why = pinProblem(value);
    if (why) {
      setProblem(why);
      return;
    }
    setProblem(null);
    setPin('');
    onSubmit(value);
  };

  const change = (value: string) => {
    const next = value.slice(0, PIN_LENGTH);
    setProblem(null);
    setSeenErrors(pinErrors);
    if (next.length === PIN_LENGTH && !/[^0-9]/.test(next)) {
      submit(next);
      return;
    }
    setPin(next);
  };

  const wrong = pinErrors > seenErrors;
  const message = problem ?? (wrong ? (pinMessage ?? 'Invalid passcode') : null);
  const last = digits[digits.length - 1] as string;

  return (
    <Modal
      title={title}
      stackIndex={stackIndex}
      onCancel={onCancel}
      className="till-pin"
      actions={
        <>
          <Button size="lg" onClick={onCancel}>
            Annuleer
          </Button>
          <Button size="lg" variant="primary" onClick={() => submit(pin)}>
            Gereed
          </Button>
        </>
      }
    >
      <form
        className="till-pin__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit(pin);
        }}
      >
        {subtitle ? <p className="till-pin__subtitle">{subtitle}</p> : null}
        {aprilFools ? <p className="till-pin__fools">Happy April fools&apos; day!</p> : null}
        <input
          key={wrong ? `wrong-${pinErrors}` : 'pin'}
          ref={inputRef}
          className={`k-input till-pin__field${wrong ? ' till-pin__field--wrong' : ''}`}
          type="password"
          placeholder="PIN-code"
          aria-label="PIN-code"
          autoComplete="off"
          inputMode="none"
          data-no-osk
          value={pin}
          aria-invalid={message ? true : undefined}
          onChange={(e) => change(e.target.value)}
        />
        <p className="till-pin__message" role="alert">
          {message ?? ''}
        </p>
        <div className="till-pin__keys">
          {digits.slice(0, 9).map((d) => (
            <Button key={d} size="lg" className="till-pin__key" onClick={() => change(pin + d)}>
              {d}
            </Button>
          ))}
          <span aria-hidden="true" />
          <Button size="lg" className="till-pin__key" onClick={() => change(pin + last)}>
            {last}
          </Button>
          <Button
            size="lg"
            className="till-pin__key"
            aria-label="Backspace"
            onClick={() => {
              setProblem(null);
              setSeenErrors(pinErrors);
              setPin((p) => p.slice(0, -1));
            }}
          >
            <BackspaceIcon />
          </Button>
        </div>
      </form>
    </Modal>
  );
}
