import { signIn, useAppDispatch, type KassaError } from '@kassa/api-client';
import { Button, LoadingArea } from '@kassa/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeLocalPath } from '../routing/route-rules';
import { ssoCallbackUrl, useLoginViaductMutation } from '../session/auth-api';
import { loginErrorText } from './login-page';

/** The single-sign-on provider returns here with `code` and `state` (the path to go back to). */
export function LoginCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [exchange] = useLoginViaductMutation();
  const [error, setError] = useState<string | null>(null);
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
      dispatch(signIn(result.data.access_token));
      navigate(safeLocalPath(state) ?? '/pos', { replace: true });
    })();
  }, [code, state, exchange, dispatch, navigate]);

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
