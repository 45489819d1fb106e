import { rootReducer, sessionCleared } from '@kassa/api-client';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

/** SPEC 9: the undo snackbar stays 7000 ms, "Transaction undone." 1200 ms. */
export const UNDO_SNACKBAR_MS = 7000;
export const UNDONE_SNACKBAR_MS = 1200;
export const ADDED_SNACKBAR_MS = 2000;

export type NoticeAction =
  | { kind: 'remove-product'; label: string; productId: string }
  | { kind: 'undo-sale'; label: string; transactionId: string; /** A card sale: the amount to refund at the terminal first. */ refund?: number }
  /** A sale made offline: out of the queue while it waits, undone on the server once sent (offline-runtime). */
  | { kind: 'undo-offline'; label: string; key: string };

export interface Notice {
  id: number;
  text: string;
  duration: number;
  action: NoticeAction | null;
}

export interface FeedbackState {
  /**
   * The last sale with its undo (7 s), then "Transaction undone." if it was undone. Only the next sale or its undo
   * takes its place: adding products for the next order never does.
   */
  sale: Notice | null;
  /** A product added, with its own undo (2 s); a new one replaces the visible one. */
  notice: Notice | null;
  /** The checkmark animation after a confirmed purchase. */
  checkmark: { id: number; text: string } | null;
  nextId: number;
}

const initialState = (): FeedbackState => ({ sale: null, notice: null, checkmark: null, nextId: 1 });

export const feedbackSlice = createSlice({
  name: 'tillFeedback',
  initialState,
  reducers: {
    noticeShown: (state, action: PayloadAction<Omit<Notice, 'id'>>) => {
      state.notice = { ...action.payload, id: state.nextId };
      state.nextId += 1;
    },
    /** A checkout froze the order: the last product's Remove leaves the strip (the previous sale's undo stays). */
    noticeCleared: (state) => {
      state.notice = null;
    },
    noticeClosed: (state, action: PayloadAction<number>) => {
      if (state.notice?.id === action.payload) state.notice = null;
    },
    saleShown: (state, action: PayloadAction<Omit<Notice, 'id'>>) => {
      state.sale = { ...action.payload, id: state.nextId };
      state.nextId += 1;
    },
    saleClosed: (state, action: PayloadAction<number>) => {
      if (state.sale?.id === action.payload) state.sale = null;
    },
    checkmarkShown: (state, action: PayloadAction<string>) => {
      state.checkmark = { id: state.nextId, text: action.payload };
      state.nextId += 1;
    },
    checkmarkDone: (state, action: PayloadAction<number>) => {
      if (state.checkmark?.id === action.payload) state.checkmark = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionCleared, () => initialState()),
  selectors: {
    selectNotice: (state) => state.notice,
    selectSale: (state) => state.sale,
    selectCheckmark: (state) => state.checkmark,
  },
});

declare module '@kassa/api-client' {
  // Module augmentation: the store's lazily loaded slices learn about this one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof feedbackSlice> {}
}

const injected = feedbackSlice.injectInto(rootReducer);

export const { noticeShown, noticeCleared, noticeClosed, saleShown, saleClosed, checkmarkShown, checkmarkDone } = feedbackSlice.actions;
export const { selectNotice, selectSale, selectCheckmark } = injected.selectors;
