import { signIn, useAppDispatch, type KassaError } from '@kassa/api-client';
import { Button, describeError, TextField } from '@kassa/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeLocalPath } from '../routing/route-rules';
import { useLoginMutation, viaductStartUrl } from '../session/auth-api';
import { TfaCodeField } from './tfa-code-field';

/** Answers about the second factor: they keep the code field and mark it, rather than start over. */
const TFA_ERRORS = new Set(['tfa_required', 'invalid_tfa_code', 'too_many_requests']);

/** The text under the form: the server's message, or the raw status line when there was no wrapper. */
export function loginErrorText(error: KassaError): string {
  return error.raw !== undefined ? describeError(error) : error.message;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeLocalPath(params.get('next'));
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const [needsTfa, setNeedsTfa] = useState(false);
  const [tfaInvalid, setTfaInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeField = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // The server trims and lower-cases the username (LoginBody), so it is sent as typed.
    const result = await login({ username, password, ...(needsTfa ? { tfaCode } : {}) });
    if (result.error) {
      const err = result.error as KassaError;
      const aboutCode = needsTfa && TFA_ERRORS.has(err.identifier);
      if (err.identifier === 'tfa_required' && !needsTfa) {
        // The password was right: asking for the code is the next step, not a mistake.
        setNeedsTfa(true);
        return;
      }
      setError(loginErrorText(err));
      setTfaInvalid(aboutCode);
      if (aboutCode) {
        // A wrong code is retyped whole: selecting it lets the next digits replace it.
        codeField.current?.focus();
        codeField.current?.select();
      }
      return;
    }
    dispatch(signIn(result.data.access_token));
    navigate(next ?? '/pos', { replace: true });
  };

  const viaduct = () => {
    window.location.assign(viaductStartUrl(window.location.origin, next ?? '/pos'));
  };

  return (
    <div className="login">
      <div className="k-card login__card">
        <h1>Log in</h1>
        <form className="k-stack" onSubmit={submit} noValidate>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          {needsTfa ? (
            <TfaCodeField
              ref={codeField}
              value={tfaCode}
              onChange={(value) => {
                setTfaCode(value);
                setTfaInvalid(false);
              }}
              invalid={tfaInvalid}
            />
          ) : null}
          <Button type="submit" variant="primary" size="lg" block disabled={isLoading}>
            Log in
          </Button>
          {error ? (
            <div className="k-alert k-alert--error" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {error}
            </div>
          ) : null}
        </form>
        <div className="k-stack" style={{ marginTop: 'var(--k-space-4)' }}>
          <div className="login__divider">or</div>
          <Button size="lg" block onClick={viaduct}>
            Log in with Viaduct
          </Button>
        </div>
      </div>
    </div>
  );
}
