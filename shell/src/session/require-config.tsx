import { logout, selectConfig, selectToken, useAppDispatch, useAppSelector, useRefreshMs, type KassaError } from '@kassa/api-client';
import { Button, describeError, LoadingArea, TERMS_TEXT, TERMS_TITLE, useDialogs } from '@kassa/ui';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useAcceptConditionMutation, useGetConfigQuery } from './auth-api';


/**
 * Signed-in routes start once the configuration is loaded (SPEC 2 "Startup") and the current terms are accepted
 * (SPEC 4 "Conditions").
 */
export function RequireConfig() {
  const config = useAppSelector(selectConfig);
  const token = useAppSelector(selectToken);
  // Every minute: rights, settings and terms changed by an admin reach every open screen (a till drops a payment
  // button taken from its register) without signing in again.
  const refreshMs = useRefreshMs();
  const { error, isError, refetch, isFetching } = useGetConfigQuery(undefined, { skip: token === null, pollingInterval: refreshMs });
  const kassaError = error as KassaError | undefined;
  // Only the first load alerts: a failed refresh keeps the loaded config and tries again in a minute.
  useConfigAlert(isError && !config ? kassaError : undefined);
  useConditionsDialog();

  if (config && !config.acceptedCurrentCondition) {
    return <p className="k-empty">Please accept the terms and conditions to continue.</p>;
  }
  if (config) return <Outlet />;
  if (isError && kassaError && !isFetching) {
    if (kassaError.identifier === 'invalid_access_token') return <LoadingArea />;
    return (
      <div className="k-page k-page--narrow">
        <div className="k-alert k-alert--error k-stack" role="alert">
          <strong>Error getting config</strong>
          <span>{describeError(kassaError)}</span>
          <div>
            <Button variant="primary" onClick={() => refetch()}>
              Retry
            </Button>
          </div>
        </div>
      </div>
    );
  }
  return <LoadingArea label="Loading Kassa" />;
}

/** SPEC 2: on failure an alert "Error getting config" plus the error. An expired token has its own dialog. */
function useConfigAlert(error: KassaError | undefined) {
  useEffect(() => {
    if (!error || error.identifier === 'invalid_access_token') return;
    window.alert(`Error getting config ${describeError(error)}`);
  }, [error]);
}

function useConditionsDialog() {
  const config = useAppSelector(selectConfig);
  const dispatch = useAppDispatch();
  const dialogs = useDialogs();
  const [accept] = useAcceptConditionMutation();
  const open = useRef(false);
  const mustAccept = config !== null && !config.acceptedCurrentCondition;

  useEffect(() => {
    if (!mustAccept) open.current = false;
  }, [mustAccept]);

  useEffect(() => {
    if (!mustAccept || open.current) return;
    open.current = true;
    void (async () => {
      const accepted = await dialogs.condition({ title: TERMS_TITLE, text: TERMS_TEXT });
      if (!accepted) {
        open.current = false;
        dispatch(logout());
        return;
      }
      const result = await accept();
      if (result.error) {
        open.current = false;
        dispatch(logout());
        await dialogs.message({ title: TERMS_TITLE, text: 'Failed to update Accepted Condition' });
      }
    })();
  }, [mustAccept, dialogs, dispatch, accept]);
}
