import { configLoaded, selectConfig, selectToken, useAppDispatch, useAppSelector, type KassaError } from '@kassa/api-client';
import type { TfaSetupResult } from '@kassa/contracts';
import { Button, describeError, LoadingArea, TextField } from '@kassa/ui';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isUnder, safeLocalPath, TFA_SETUP_PATH } from '../routing/route-rules';
import { useGetConfigQuery } from '../session/auth-api';
import { useEnableTfaMutation, useStartTfaSetupMutation } from './tfa-api';
import './tfa.css';

export const RECOVERY_CODES_TEXT =
  'Each code signs you in once if you lose your phone. Store them somewhere safe; they are not shown again.';
const MISSING_CODE = 'Enter the code from your authenticator app.';
const KEY_REPLACED = 'The key was replaced. Scan the new code and enter the code it shows.';

/**
 * The key shown last in this session. Every setup call replaces the key on the server, so a trip to /about and back
 * shows the same one again, and an app that scanned it already keeps working. Another sign-in has another token.
 */
let shownSetup: { token: string; setup: TfaSetupResult } | null = null;

/** Where the user was going when enrolment stepped in (never back here, never off-site). */
function continueTo(next: string | null): string {
  const path = safeLocalPath(next);
  if (!path || isUnder(path.split('?')[0] ?? '', TFA_SETUP_PATH)) return '/pos';
  return path;
}

/** Readable text of a failed enrolment call: the server's words, validation lines, or the SPEC wording. */
function errorText(error: KassaError): string {
  if (error.lines.length > 0) return error.lines.join('\n');
  return error.raw !== undefined || error.status === 0 || error.status >= 500 ? describeError(error) : error.message;
}

/**
 * /setup/tfa: turning on two-factor sign-in. The shell sends every signed-in user here while the association requires
 * it and they have not set it up (route-rules); anyone may also come here on their own.
 */
export function TfaSetupPage() {
  const config = useAppSelector(selectConfig);
  const [params] = useSearchParams();
  const next = continueTo(params.get('next'));
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} next={next} />;
  // Already on (another tab, or a reload after turning it on): nothing to set up.
  if (config?.tfaEnabled) return <Navigate to={next} replace />;
  return <EnrolStep onEnabled={setRecoveryCodes} />;
}

/** When the code is asked, truthfully: single sign-on asks for it too (after the association's own sign-on page). */
export const PASSWORD_LEAD = 'Signing in with your password also needs a code from an authenticator app on your phone. Set it up once to continue.';
export const SSO_LEAD =
  'Signing in through single sign-on also needs a code from an authenticator app on your phone: Kassa asks for it right after the sign-on page. Set it up once to continue.';

function EnrolStep({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const sso = (useAppSelector(selectConfig)?.user.viaductUserId ?? null) !== null;
  const [startSetup] = useStartTfaSetupMutation();
  const [enable, { isLoading: enabling }] = useEnableTfaMutation();
  const { refetch: refetchConfig } = useGetConfigQuery();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [setup, setSetup] = useState<TfaSetupResult | null>(() => (shownSetup && shownSetup.token === token ? shownSetup.setup : null));
  const [setupError, setSetupError] = useState<KassaError | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const started = useRef(false);
  const codeField = useRef<HTMLInputElement>(null);

  const begin = useCallback(async () => {
    setSetupError(null);
    const result = await startSetup();
    if (!result.error) {
      shownSetup = token ? { token, setup: result.data } : null;
      setSetup(result.data);
      return;
    }
    const err = result.error as KassaError;
    if (err.identifier === 'conflict') {
      // Turned on meanwhile (left the recovery codes unconfirmed, another tab): the fresh config moves on.
      const fresh = await refetchConfig();
      if (fresh.isSuccess) {
        dispatch(configLoaded(fresh.data));
        if (fresh.data.tfaEnabled) return;
      }
    }
    if (!err.handled) setSetupError(err);
  }, [startSetup, refetchConfig, dispatch, token]);

  useEffect(() => {
    // Every setup call makes a new secret and drops the one shown: a second render must not replace it.
    if (started.current || setup) return;
    started.current = true;
    void begin();
  }, [begin, setup]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.trim() === '') {
      setCodeError(MISSING_CODE);
      codeField.current?.focus();
      return;
    }
    setCodeError(null);
    const result = await enable({ code });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.handled) return;
      if (err.identifier === 'conflict') {
        // Turned on elsewhere (the fresh config moves on), or the key was dropped (an administrator's reset): start over.
        shownSetup = null;
        const fresh = await refetchConfig();
        if (fresh.isSuccess) {
          dispatch(configLoaded(fresh.data));
          if (fresh.data.tfaEnabled) return;
        }
        setCode('');
        setSetup(null);
        await begin();
        setCodeError(KEY_REPLACED);
        return;
      }
      setCodeError(errorText(err));
      codeField.current?.focus();
      codeField.current?.select();
      return;
    }
    shownSetup = null;
    onEnabled(result.data.recoveryCodes);
  };

  return (
    <div className="k-page k-page--narrow">
      <header className="k-page__header">
        <h1 className="k-page__title">Two-factor sign-in</h1>
      </header>
      <p className="k-page__lead">{sso ? SSO_LEAD : PASSWORD_LEAD}</p>
      {setupError ? (
        <div className="k-alert k-alert--error k-stack" role="alert">
          <span style={{ whiteSpace: 'pre-line' }}>{errorText(setupError)}</span>
          <div>
            <Button variant="primary" onClick={() => void begin()}>
              Retry
            </Button>
          </div>
        </div>
      ) : !setup ? (
        <LoadingArea label="Preparing two-factor sign-in" />
      ) : (
        <section className="k-card tfa__setup">
          <img className="tfa__qr" src={setup.qrDataUrl} width={240} height={240} alt="QR code for your authenticator app" />
          <div className="k-stack">
            <p className="tfa__step">Scan this code with your authenticator app</p>
            <p>
              Or enter this key: <code className="k-mono tfa__secret">{setup.secret}</code>
            </p>
            <form className="k-stack tfa__form" onSubmit={submit} noValidate>
              <TextField
                ref={codeField}
                label="Code"
                name="code"
                hint="The 6-digit code the app shows now."
                error={codeError ?? undefined}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={32}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCodeError(null);
                }}
              />
              <Button type="submit" variant="primary" size="lg" disabled={enabling}>
                Turn on
              </Button>
            </form>
          </div>
        </section>
      )}
    </div>
  );
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { refetch: refetchConfig } = useGetConfigQuery();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<KassaError | null>(null);

  const done = async () => {
    setBusy(true);
    setError(null);
    const fresh = await refetchConfig();
    setBusy(false);
    // A failed reload still carries the previous (not enrolled) config: moving on with it would land back here.
    if (!fresh.isSuccess) {
      const err = fresh.error as KassaError | undefined;
      if (err && !err.handled) setError(err);
      return;
    }
    // The route guard reads the session's copy; it must say "on" before the move, or it sends the user back here.
    dispatch(configLoaded(fresh.data));
    navigate(next, { replace: true });
  };

  return (
    <div className="k-page k-page--narrow">
      <header className="k-page__header">
        <h1 className="k-page__title">Two-factor sign-in</h1>
      </header>
      <div className="k-alert k-alert--success" role="status" style={{ marginBottom: 'var(--k-space-4)' }}>
        Two-factor sign-in is on. From now on Kassa asks for a code from your app when you log in.
      </div>
      <section className="k-card k-stack" aria-labelledby="tfa-recovery-title">
        <h2 id="tfa-recovery-title">Recovery codes</h2>
        <p>{RECOVERY_CODES_TEXT}</p>
        <ol className="tfa__codes k-mono" aria-label="Recovery codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        {error ? (
          <div className="k-alert k-alert--error" role="alert">
            {errorText(error)}
          </div>
        ) : null}
        <div>
          <Button variant="primary" size="lg" onClick={() => void done()} disabled={busy}>
            Done
          </Button>
        </div>
      </section>
    </div>
  );
}
