import { useAppDispatch, useAppSelector, useConfig, useHasCapabilities } from '@kassa/api-client';
import { useOnline } from '../offline/connection';
import type { TillAccount } from '@kassa/contracts';
import { Modal, Spinner } from '@kassa/ui';
import { memo, useCallback, useState } from 'react';
import { AccountPicker } from '../accounts/account-picker';
import { useGetTillAccountsQuery } from '../accounts/accounts-api';
import { CardStatusModal } from './card-status-view';
import { useGetReasonsQuery } from './checkout-api';
import { reasonPicked, selectStack, topUpChosen, type ModalItem } from './checkout-slice';
import { cancelTop, confirmTop, pickAccount, retryCard } from './checkout-steps';
import { submitPin } from './pin';
import type { TillEffects } from './till-effects';
import { isAprilFools, PinPad } from './pin-pad';
import { ChangeView } from './change-view';
import { PriceModal } from './price-modal';
import { ReasonModal } from './reason-modal';
import { TopUpModal } from './top-up-modal';

/**
 * Till modals sit just under the generic dialogs (z-index 200 + position): an error raised from a till modal then
 * always shows over it, whatever the two stacks hold.
 */
export const TILL_MODAL_STACK_OFFSET = -40;

/** SPEC "Modals over the till": the checkout's modal stack; confirm, cancel and retry act on the top one. */
export const CheckoutModals = memo(function CheckoutModals({ effects }: { effects: TillEffects }) {
  const stack = useAppSelector(selectStack);
  if (stack.length === 0) return null;
  return (
    <>
      {stack.map((item, i) => (
        <CheckoutModal key={item.id} item={item} stackIndex={TILL_MODAL_STACK_OFFSET + i} effects={effects} />
      ))}
    </>
  );
});

function CheckoutModal({ item, stackIndex, effects }: { item: ModalItem; stackIndex: number; effects: TillEffects }) {
  const dispatch = useAppDispatch();
  const onCancel = useCallback(() => dispatch(cancelTop()), [dispatch]);
  const onConfirm = useCallback(() => dispatch(confirmTop(effects)), [dispatch, effects]);

  switch (item.step) {
    case 'loading':
      return (
        <Modal title="Processing" hideTitle stackIndex={stackIndex} className="till-loading">
          <div className="k-spinner-center">
            <Spinner size={56} label="Processing" />
          </div>
        </Modal>
      );
    case 'cash':
      return (
        <PriceModal
          title="Contant"
          // A deposit return larger than the order: the drawer pays the customer (booked as cash out of the box).
          text={item.totalPrice < 0 ? 'Pay the deposit back to the customer from the cash box' : 'Put the appropriate cash amount in the cash box'}
          amountLabel={item.totalPrice < 0 ? 'Pay out' : 'Amount'}
          totalPrice={Math.abs(item.totalPrice)}
          after={item.totalPrice > 0 ? <ChangeView total={item.totalPrice} /> : null}
          onConfirm={onConfirm}
          onCancel={onCancel}
          stackIndex={stackIndex}
        />
      );
    case 'card':
      if (item.card?.terminal) {
        return (
          <CardStatusModal
            card={item.card}
            totalPrice={item.totalPrice}
            onCancel={onCancel}
            onRetry={() => dispatch(retryCard(effects))}
            stackIndex={stackIndex}
          />
        );
      }
      return (
        <PriceModal
          title="PIN"
          text="Enter the following amount on the payment terminal"
          totalPrice={item.totalPrice}
          onConfirm={onConfirm}
          onCancel={onCancel}
          stackIndex={stackIndex}
        />
      );
    case 'other-reason':
      return <ReasonStep stackIndex={stackIndex} onCancel={onCancel} />;
    case 'other':
      return (
        <PriceModal title="Anders voldaan" totalPrice={item.totalPrice} onConfirm={onConfirm} onCancel={onCancel} stackIndex={stackIndex}>
          <p className="till-price__reason">
            <span className="k-muted">Reason</span> <strong>{item.reason}</strong>
          </p>
        </PriceModal>
      );
    case 'account':
    case 'account-top-up':
    case 'reader-account':
      return <AccountStep item={item} stackIndex={stackIndex} onCancel={onCancel} effects={effects} />;
    case 'account-PIN':
    case 'reader-PIN':
      return <PinStep item={item} stackIndex={stackIndex} onCancel={onCancel} effects={effects} />;
    case 'top-up':
      return (
        <TopUpModal
          original={item.original ?? item.totalPrice}
          onNext={(amount) => dispatch(topUpChosen(amount))}
          onCancel={onCancel}
          stackIndex={stackIndex}
        />
      );
  }
}

function ReasonStep({ stackIndex, onCancel }: { stackIndex: number; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const { data } = useGetReasonsQuery();
  return <ReasonModal reasons={data?.reasons} onPick={(r) => dispatch(reasonPicked(r))} onCancel={onCancel} stackIndex={stackIndex} />;
}

function AccountStep({ item, stackIndex, onCancel, effects }: { item: ModalItem; stackIndex: number; onCancel: () => void; effects: TillEffects }) {
  const dispatch = useAppDispatch();
  const barMode = useHasCapabilities('PAYMENT_ACCOUNT_OTHER');
  const { data, isFetching, refetch, fulfilledTimeStamp } = useGetTillAccountsQuery();
  const online = useOnline();
  const onConfirm = useCallback((a: TillAccount) => dispatch(pickAccount({ id: a.id, name: a.name }, effects)), [dispatch, effects]);
  return (
    <AccountPicker
      title={item.title ?? 'Select account'}
      accounts={data?.accounts}
      barMode={barMode}
      price={item.step === 'account-top-up' ? null : item.totalPrice}
      refreshing={isFetching}
      onRefresh={() => void refetch()}
      onConfirm={onConfirm}
      onCancel={onCancel}
      stackIndex={stackIndex}
      balancesAsOf={!online && barMode ? (fulfilledTimeStamp ?? null) : null}
    />
  );
}

function PinStep({ item, stackIndex, onCancel, effects }: { item: ModalItem; stackIndex: number; onCancel: () => void; effects: TillEffects }) {
  const dispatch = useAppDispatch();
  const config = useConfig();
  const [aprilFools] = useState(() => isAprilFools(config?.aprilFoolsEnabled ?? false, new Date()));
  return (
    <PinPad
      title="Enter PIN-code"
      subtitle={item.account?.name}
      pinErrors={item.pinErrors}
      pinMessage={item.pinMessage}
      aprilFools={aprilFools}
      onSubmit={(pin) => void dispatch(submitPin(pin, effects))}
      onCancel={onCancel}
      stackIndex={stackIndex}
    />
  );
}
