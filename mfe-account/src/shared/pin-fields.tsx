import { TextField } from '@kassa/ui';
import './pin-fields.css';

export interface PinFieldsProps {
  pin: string;
  repeat: string;
  onPin: (value: string) => void;
  onRepeat: (value: string) => void;
  onBlur?: () => void;
  errors: { pin: string | null; repeat: string | null };
  pinLabel?: string;
}

/** A new PIN and its repeat: digits keyboard on phones, hidden like a password, never remembered by the browser. */
export function PinFields({ pin, repeat, onPin, onRepeat, onBlur, errors, pinLabel = 'PIN code' }: PinFieldsProps) {
  return (
    <div className="k-row shared-pin-fields">
      <TextField
        label={pinLabel}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={pin}
        onChange={(e) => onPin(e.target.value)}
        onBlur={onBlur}
        error={errors.pin}
        hint="Four digits, for paying at the bar."
      />
      <TextField
        label="Repeat PIN code"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => onRepeat(e.target.value)}
        onBlur={onBlur}
        error={errors.repeat}
      />
    </div>
  );
}
