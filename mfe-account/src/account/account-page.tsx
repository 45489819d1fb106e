import { useConfig, useGetSelfAccountQuery, type KassaError } from '@kassa/api-client';
import { Button, describeError, LoadingArea } from '@kassa/ui';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import './account.css';
import { BalanceCard } from './balance-card';
import { PaymentOutcome } from './payment-outcome';
import { PayoutSection } from './payout-section';
import { NoticesSection } from './notices-section';
import { PinForm } from './pin-form';
import { ProfileForm } from './profile-form';
import { TopUpForm } from './top-up-form';
import { TransactionHistory } from './transaction-history';
import { WrappedSection } from './wrapped/wrapped-section';

const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/**
 * /account (SPEC 2): the balance large at the top, credit status and next direct debit under it, then the history,
 * then the actions (UX.md). With requireSettingAccountPin, an account without a PIN sets one first.
 */
export function AccountPage() {
  const config = useConfig();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  const { data: self, error, isLoading, refetch } = useGetSelfAccountQuery(undefined, { pollingInterval: 60_000 });
  const pinRequired = Boolean(config?.requireSettingAccountPin) && self?.account.hasPin === false;
  // A link to a part of the page (the till's "Top up your account" goes to #top-up) lands on it once it is drawn.
  const { hash } = useLocation();
  const loaded = self !== undefined;
  useEffect(() => {
    if (loaded && hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  const dismissOutcome = () => {
    const next = new URLSearchParams(params);
    next.delete('payment');
    setParams(next, { replace: true });
  };

  let body;
  if (self) {
    body = (
      <>
        <BalanceCard self={self} />
        {pinRequired ? <PinForm hasPin={false} required /> : null}
        <TransactionHistory />
        {config?.posWrappedAvailable ? <WrappedSection /> : null}
        {pinRequired ? null : (
          <>
            <TopUpForm minAmount={config?.accountUpgradeMinAmount ?? 0} />
            <PinForm hasPin={self.account.hasPin} required={false} />
            <NoticesSection />
            <ProfileForm />
            <PayoutSection balance={self.balance} name={self.account.name} />
          </>
        )}
      </>
    );
  } else if (error) {
    body = (
      <div className="k-alert k-alert--error k-stack" role="alert">
        <span>Your account could not be loaded. {describeError(error as KassaError)}</span>
        <div>
          <Button variant="primary" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (isLoading) {
    body = <LoadingArea label="Loading your account" />;
  } else {
    body = <p className="k-empty">No account is linked to you yet.</p>;
  }

  return (
    <div className="k-page k-page--narrow account-page">
      <div className="k-page__header">
        <h1 className="k-page__title">Your account</h1>
        <div className="k-spacer" />
        {self && !pinRequired ? (
          <div className="k-row">
            <Button onClick={() => scrollTo('top-up')}>Top up</Button>
            <Button onClick={() => scrollTo('pin')}>{self.account.hasPin ? 'Change PIN' : 'Set PIN'}</Button>
          </div>
        ) : null}
      </div>
      <div className="k-stack account-page__body">
        {paymentId ? <PaymentOutcome paymentId={paymentId} onDismiss={dismissOutcome} /> : null}
        {body}
      </div>
    </div>
  );
}
