import { rootReducer, sessionCleared } from '@kassa/api-client';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

/** SPEC 9: the undo snackbar stays 7000 ms, "Transaction undone." 1200 ms. */
export const UNDO_SNACKBAR_MS = 7000;
export const UNDONE_SNACKBAR_MS = 1200;
export const ADDED_SNACKBAR_MS = 2000;

export type NoticeAction =
  | { kind: 'remove-product'; label: string; productId: string }
  | { kind: 'undo-sale'; label: string; transactionId: string };

export interface Notice {
  id: number;
  text: string;
  duration: number;
  action: NoticeAction | null;
}

export interface FeedbackState {
  /** The one snackbar of the till; a new notice replaces the visible one. */
  notice: Notice | null;
  /** The checkmark animation after a confirmed purchase. */
  checkmark: { id: number; text: string } | null;
  nextId: number;
}

const initialState = (): FeedbackState => ({ notice: null, checkmark: null, nextId: 1 });

export const feedbackSlice = createSlice({
  name: 'tillFeedback',
  initialState,
  reducers: {
    noticeShown: (state, action: PayloadAction<Omit<Notice, 'id'>>) => {
      state.notice = { ...action.payload, id: state.nextId };
      state.nextId += 1;
    },
    noticeClosed: (state, action: PayloadAction<number>) => {
      if (state.notice?.id === action.payload) state.notice = null;
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
    selectCheckmark: (state) => state.checkmark,
  },
});

declare module '@kassa/api-client' {
  // Module augmentation: the store's lazily loaded slices learn about this one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof feedbackSlice> {}
}

const injected = feedbackSlice.injectInto(rootReducer);

export const { noticeShown, noticeClosed, checkmarkShown, checkmarkDone } = feedbackSlice.actions;
export const { selectNotice, selectCheckmark } = injected.selectors;
