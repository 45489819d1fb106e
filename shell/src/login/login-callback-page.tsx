import { signIn, useAppDispatch, type KassaError } from '@kassa/api-client';
import { Button, LoadingArea } from '@kassa/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeLocalPath } from '../routing/route-rules';
import { ssoCallbackUrl, useLoginSsoTfaMutation, useLoginViaductMutation } from '../session/auth-api';
import { loginErrorText } from './login-page';
import { TfaCodeField } from './tfa-code-field';

/** The single-sign-on provider returns here with `code` and `state` (the path to go back to). */
export function LoginCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [exchange] = useLoginViaductMutation();
  const [finishTfa, { isLoading: checking }] = useLoginSsoTfaMutation();
  const [error, setError] = useState<string | null>(null);
  /** Set when the user has two-factor sign-in: the provider's code is spent, this carries the sign-in to the code. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [tfaCode, setTfaCode] = useState('');
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    // A code is good for one exchange only; a second render must not spend it again.
    if (started.current || !code) return;
    started.current = true;
    void (async () => {
      const result = await exchange({ code, redirect_uri: ssoCallbackUrl(window.location.origin) });
      if (result.error) {
        setError(loginErrorText(result.error as KassaError));
        return;
      }
      if ('tfa_challenge' in result.data) return setChallenge(result.data.tfa_challenge);
      dispatch(signIn(result.data.access_token));
      navigate(safeLocalPath(state) ?? '/pos', { replace: true });
    })();
  }, [code, state, exchange, dispatch, navigate]);

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!challenge) return;
    const result = await finishTfa({ tfa_challenge: challenge, tfaCode });
    if (result.error) return setError(loginErrorText(result.error as KassaError));
    dispatch(signIn(result.data.access_token));
    navigate(safeLocalPath(state) ?? '/pos', { replace: true });
  };

  if (challenge) {
    return (
      <div className="login">
        <form className="k-card login__card k-stack" onSubmit={(e) => void submitCode(e)}>
          <h1>Log in with Viaduct</h1>
          <TfaCodeField value={tfaCode} onChange={setTfaCode} />
          <Button type="submit" variant="primary" size="lg" block disabled={checking}>
            Log in
          </Button>
          {error ? (
            <div className="k-alert k-alert--error" role="alert">
              {error}
            </div>
          ) : null}
        </form>
      </div>
    );
  }

  const shown = code ? error : 'The sign-in was cancelled or did not return a code.';
  if (!shown) return <LoadingArea label="Signing in" />;
  return (
    <div className="login">
      <div className="k-card login__card k-stack">
        <h1>Log in with Viaduct</h1>
        <div className="k-alert k-alert--error" role="alert">
          {shown}
        </div>
        <Button variant="primary" onClick={() => navigate('/login', { replace: true })}>
          Back to log in
        </Button>
      </div>
    </div>
  );
}
