import { TextField } from '@kassa/ui';
import type { Ref } from 'react';

export const TFA_CODE_HINT = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/** The second-factor code of a sign-in, after a password or after single sign-on. */
export function TfaCodeField({ value, onChange, invalid = false, ref }: { value: string; onChange: (value: string) => void; invalid?: boolean; ref?: Ref<HTMLInputElement> }) {
  return (
    <TextField
      ref={ref}
      label="Two-factor code"
      name="tfaCode"
      hint={TFA_CODE_HINT}
      // Recovery codes have letters, so no numeric keypad.
      autoComplete="one-time-code"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={32}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid || undefined}
      autoFocus
    />
  );
}
