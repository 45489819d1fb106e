import { rootReducer, sessionCleared } from '@kassa/api-client';
import type { Terminal, TransactionStatus } from '@kassa/contracts';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CartState } from '../cart/cart-slice';

/** SPEC 4 "Checkout steps"; the current step is the top of the modal stack ('none' when it is empty). */
export type Step =
  | 'none'
  | 'loading'
  | 'cash'
  | 'card'
  | 'other-reason'
  | 'other'
  | 'account'
  | 'account-PIN'
  | 'top-up'
  | 'account-top-up'
  | 'reader-account'
  | 'reader-PIN';
export type ModalStep = Exclude<Step, 'none'>;

/** What the card status view shows: before the first answer, the terminal's status, or a failed status query. */
export type CardPhase = 'loading' | TransactionStatus | 'error';

export interface CardView {
  transactionId: string;
  terminal: Terminal | null;
  phase: CardPhase;
  /** The terminal's error, or why the status query failed. */
  error: string | null;
}

export interface PickedAccount {
  id: string;
  name: string;
}

/** SPEC 3 "Modal stack item". */
export interface ModalItem {
  id: number;
  step: ModalStep;
  /** What the customer pays (products plus a top-up). */
  totalPrice: number;
  title?: string;
  card?: CardView;
  reason?: string;
  account?: PickedAccount;
  /** top-up: the cart total before the top-up. */
  original?: number;
  /** account-top-up: the amount chosen in the top-up step. */
  topUpAmount?: number;
  /** Wrong PINs so far; each one shakes the field again. */
  pinErrors: number;
  /** The server's sentence for the last wrong PIN ("Invalid passcode", with the tries left before a lock-out). */
  pinMessage?: string;
}

/** A card payment that went on in the pending transaction bar (bar mode, or a wait modal closed while pending). */
export interface PendingCard extends CardView {
  amount: number;
  /** The cart as it was, given back when the bar of a failed payment is clicked. */
  cart: CartState;
}

export interface CheckoutState {
  stack: ModalItem[];
  nextId: number;
  /** A request is in flight: every other action is ignored (SPEC 4). */
  busy: boolean;
  /** The nonce of the last request and what it asked; the same request again reuses it (a retry). */
  attempt: { key: string; nonce: string } | null;
  /** A member card read by the card reader, kept until the sale ends or the card is refused. */
  cardSecret: string | null;
  pending: PendingCard | null;
  /**
   * The order a checkout is about, frozen when its first modal opens (or its request starts): what the modals show is
   * what is posted, whatever happens to the cart meanwhile (the cart itself cannot change while a checkout is open).
   */
  order: CartState | null;
}

export const TITLES = {
  account: 'Select account',
  'account-top-up': 'Account to top up',
  'reader-account': 'Unknown card, connect your account',
} as const;

const initialState = (): CheckoutState => ({ stack: [], nextId: 1, busy: false, attempt: null, cardSecret: null, pending: null, order: null });

const top = (state: CheckoutState): ModalItem | undefined => state.stack[state.stack.length - 1];

function push(state: CheckoutState, item: Omit<ModalItem, 'id' | 'pinErrors'> & { pinErrors?: number }) {
  state.stack.push({ pinErrors: 0, ...item, id: state.nextId });
  state.nextId += 1;
}

const withoutLoading = (state: CheckoutState) => {
  state.stack = state.stack.filter((m) => m.step !== 'loading');
};

/** Steps whose cancel goes back one step; every other cancel ends the checkout (SPEC 4). */
const CANCEL_GOES_BACK: ReadonlySet<ModalStep> = new Set(['other', 'account-PIN', 'account-top-up', 'reader-PIN']);

export type OpenableStep = 'cash' | 'other-reason' | 'account' | 'top-up';

export const checkoutSlice = createSlice({
  name: 'tillCheckout',
  initialState,
  reducers: {
    /** Cash, Other, Account and Top-up buttons: the first modal of a checkout. */
    checkoutOpened: (state, action: PayloadAction<{ step: OpenableStep; totalPrice: number; order?: CartState }>) => {
      if (state.busy || state.stack.length > 0) return;
      const { step, totalPrice, order } = action.payload;
      state.order = order ?? null;
      push(state, {
        step,
        totalPrice,
        ...(step === 'account' ? { title: TITLES.account } : {}),
        ...(step === 'top-up' ? { original: totalPrice } : {}),
      });
    },
    reasonPicked: (state, action: PayloadAction<string>) => {
      const current = top(state);
      if (state.busy || current?.step !== 'other-reason') return;
      push(state, { step: 'other', totalPrice: current.totalPrice, reason: action.payload });
    },
    /** Account (or reader account) selection confirmed: the PIN comes next. Bar mode pays at once instead (a request). */
    accountPicked: (state, action: PayloadAction<PickedAccount>) => {
      const current = top(state);
      if (state.busy || !current) return;
      if (current.step === 'account') push(state, { step: 'account-PIN', totalPrice: current.totalPrice, account: action.payload });
      if (current.step === 'reader-account') push(state, { step: 'reader-PIN', totalPrice: current.totalPrice, account: action.payload });
    },
    topUpChosen: (state, action: PayloadAction<number>) => {
      const current = top(state);
      if (state.busy || current?.step !== 'top-up' || action.payload <= 0) return;
      push(state, { step: 'account-top-up', totalPrice: current.totalPrice + action.payload, title: TITLES['account-top-up'], topUpAmount: action.payload });
    },
    /** The top-up account is chosen: the cart holds the top-up now (cart slice) and the checkout is back at none. */
    topUpAccountStored: (state) => {
      if (state.busy || top(state)?.step !== 'account-top-up') return;
      state.stack = [];
    },
    /** Annuleer, Cancel, a click outside or Escape: acts on the top modal. */
    cancelled: (state) => {
      const current = top(state);
      if (state.busy || !current || current.step === 'loading') return;
      if (CANCEL_GOES_BACK.has(current.step)) {
        state.stack.pop();
        return;
      }
      if (current.step === 'reader-account') state.cardSecret = null;
      state.stack = [];
    },
    orderFrozen: (state, action: PayloadAction<CartState>) => {
      state.order = action.payload;
    },
    requestStarted: (state, action: PayloadAction<{ spinner?: boolean } | undefined>) => {
      state.busy = true;
      if (action.payload?.spinner !== false) push(state, { step: 'loading', totalPrice: top(state)?.totalPrice ?? 0 });
    },
    attemptMade: (state, action: PayloadAction<{ key: string; nonce: string }>) => {
      state.attempt = action.payload;
    },
    /**
     * The request failed; the modals under the spinner stay so the user can try again. A refusal is final for its
     * nonce (`final`), a network or server error is retried with the same one.
     */
    requestFailed: (state, action: PayloadAction<{ final: boolean }>) => {
      state.busy = false;
      withoutLoading(state);
      if (action.payload.final) state.attempt = null;
    },
    pinRejected: (state, action: PayloadAction<string | undefined>) => {
      state.busy = false;
      state.attempt = null;
      withoutLoading(state);
      const current = top(state);
      if (current && (current.step === 'account-PIN' || current.step === 'reader-PIN')) {
        current.pinErrors += 1;
        if (action.payload) current.pinMessage = action.payload;
        else delete current.pinMessage;
      }
    },
    /** The card payment started at the terminal: the wait modal replaces the spinner (and a failed try before it). */
    cardStarted: (state, action: PayloadAction<{ transactionId: string; terminal: Terminal | null; totalPrice: number }>) => {
      state.busy = false;
      state.attempt = null;
      state.stack = state.stack.filter((m) => m.step !== 'loading' && m.step !== 'card');
      const { transactionId, terminal, totalPrice } = action.payload;
      push(state, { step: 'card', totalPrice, card: { transactionId, terminal, phase: 'loading', error: null } });
    },
    cardStatusChanged: (state, action: PayloadAction<{ transactionId: string; phase: CardPhase; error: string | null }>) => {
      const { transactionId, phase, error } = action.payload;
      for (const item of state.stack) {
        if (item.card?.transactionId === transactionId) item.card = { ...item.card, phase, error };
      }
      if (state.pending?.transactionId === transactionId) state.pending = { ...state.pending, phase, error };
    },
    /** SPEC 4: with PAYMENT_ACCOUNT_OTHER the card payment goes on in the pending transaction bar. */
    cardHandedOver: (state, action: PayloadAction<PendingCard>) => {
      state.busy = false;
      state.attempt = null;
      state.stack = [];
      state.cardSecret = null;
      state.pending = action.payload;
    },
    pendingCleared: (state) => {
      state.pending = null;
    },
    saleFinished: (state) => {
      state.busy = false;
      state.stack = [];
      state.attempt = null;
      state.cardSecret = null;
    },
    /** Busy ends without a sale and without closing the modals (a card payment confirmed but not yet finished). */
    idle: (state) => {
      state.busy = false;
      withoutLoading(state);
    },
    cardSecretRead: (state, action: PayloadAction<string>) => {
      if (state.busy || state.stack.length > 0) return;
      state.cardSecret = action.payload;
    },
    /** SPEC 8 unknown_card_secret: link the card to an account first. */
    unknownCardRead: (state, action: PayloadAction<{ totalPrice: number }>) => {
      state.busy = false;
      state.attempt = null;
      state.stack = [];
      push(state, { step: 'reader-account', totalPrice: action.payload.totalPrice, title: TITLES['reader-account'] });
    },
    /** SPEC 8 insufficient_credits: clears the card secret; the checkout ends (the dialog says why). */
    /** The account refuses every PIN for a while: the pad closes (its account stays chosen, one step back). */
    pinLocked: (state) => {
      state.busy = false;
      state.attempt = null;
      withoutLoading(state);
      if (top(state)?.step === 'account-PIN' || top(state)?.step === 'reader-PIN') state.stack.pop();
    },
    insufficientCredits: (state) => {
      state.busy = false;
      state.attempt = null;
      state.stack = [];
      state.cardSecret = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionCleared, () => initialState()),
  selectors: {
    selectStack: (state) => state.stack,
    selectStep: (state): Step => top(state)?.step ?? 'none',
    selectTopModal: (state) => top(state),
    selectCheckoutBusy: (state) => state.busy,
    selectCardSecret: (state) => state.cardSecret,
    selectPendingCard: (state) => state.pending,
    selectAttempt: (state) => state.attempt,
    selectOrder: (state) => state.order,
  },
});

declare module '@kassa/api-client' {
  // Module augmentation: the store's lazily loaded slices learn about this one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof checkoutSlice> {}
}

const injected = checkoutSlice.injectInto(rootReducer);

export const {
  checkoutOpened,
  orderFrozen,
  reasonPicked,
  accountPicked,
  topUpChosen,
  topUpAccountStored,
  cancelled,
  requestStarted,
  attemptMade,
  requestFailed,
  pinRejected,
  pinLocked,
  cardStarted,
  cardStatusChanged,
  cardHandedOver,
  pendingCleared,
  saleFinished,
  idle,
  cardSecretRead,
  unknownCardRead,
  insufficientCredits,
} = checkoutSlice.actions;

export const { selectStack, selectStep, selectTopModal, selectCheckoutBusy, selectCardSecret, selectPendingCard, selectAttempt, selectOrder } =
  injected.selectors;
