import { api, useAppDispatch, useConfig, type KassaError } from '@kassa/api-client';
import { Button, describeError, LoadingArea } from '@kassa/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { RequestForm } from './request-form';
import { RequestStatus } from './request-status';
import { useGetOwnAccountRequestQuery } from './setup-api';
import './setup.css';

/**
 * /setup (SPEC 2): a member without an account asks for one and follows the request; once the board approves it, the
 * configuration is loaded again so the account (and "Your account") appears.
 */
export function SetupPage() {
  const config = useConfig();
  const dispatch = useAppDispatch();
  const hasAccount = Boolean(config?.user.accountId);
  const { data: request, error, isLoading, isFetching, refetch } = useGetOwnAccountRequestQuery(undefined, { pollingInterval: 60_000 });
  const reloaded = useRef(false);

  useEffect(() => {
    if (request?.status === 'approved' && !hasAccount && !reloaded.current) {
      reloaded.current = true;
      dispatch(api.util.invalidateTags(['Config']));
    }
  }, [request?.status, hasAccount, dispatch]);

  let body;
  if (hasAccount) {
    body = (
      <section className="k-card k-stack">
        <h2>Your account is ready</h2>
        <p>You can pay with your account at the bar, top it up online and see your balance and history.</p>
        <div>
          <Link className="k-btn k-btn--primary" to="/account">
            Go to your account
          </Link>
        </div>
      </section>
    );
  } else if (request === undefined && isLoading) {
    body = <LoadingArea label="Loading your account request" />;
  } else if (request === undefined && error) {
    body = (
      <div className="k-alert k-alert--error k-stack" role="alert">
        <span>Your account request could not be loaded. {describeError(error as KassaError)}</span>
        <div>
          <Button variant="primary" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (request?.status === 'pending') {
    body = (
      <RequestStatus request={request}>
        <p className="k-muted">A board member checks your request. This page shows the decision as soon as it is made.</p>
        <div>
          <Button onClick={() => refetch()} disabled={isFetching}>
            Check again
          </Button>
        </div>
      </RequestStatus>
    );
  } else if (request?.status === 'approved') {
    body = (
      <RequestStatus request={request}>
        <div>
          <Link className="k-btn k-btn--primary" to="/account">
            Go to your account
          </Link>
        </div>
      </RequestStatus>
    );
  } else if (!config?.showAccountRequest) {
    body = <p className="k-empty">Account setup is not available for your user. Ask the board for an account.</p>;
  } else {
    body = (
      <>
        {request?.status === 'rejected' ? (
          <RequestStatus request={request}>
            <p className="k-muted">You can send a new request below.</p>
          </RequestStatus>
        ) : null}
        <RequestForm />
      </>
    );
  }

  return (
    <div className="k-page k-page--narrow setup-page">
      <h1 className="k-page__title">Account setup</h1>
      <p className="k-page__lead">Request an account for paying at the bar; a board member approves it.</p>
      <div className="k-stack setup-page__body">{body}</div>
    </div>
  );
}
