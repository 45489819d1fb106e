import { createSlice, prepareAutoBatched } from '@reduxjs/toolkit';

/**
 * SPEC 4: a request counter marks the app busy while any request is active.
 *
 * Its actions are auto-batched, as RTK Query's own request actions are: the store's subscribers (every mounted
 * useSelector) hear of them with the next animation frame, together with the query's pending or fulfilled action, where
 * an unbatched action made them all run at once, twice per request (the busy bar shows a frame later at most).
 */
export const requestsSlice = createSlice({
  name: 'requests',
  initialState: { active: 0 },
  reducers: {
    requestStarted: {
      reducer: (state) => {
        state.active += 1;
      },
      prepare: prepareAutoBatched<void>(),
    },
    requestFinished: {
      reducer: (state) => {
        state.active = Math.max(0, state.active - 1);
      },
      prepare: prepareAutoBatched<void>(),
    },
  },
  selectors: {
    selectBusy: (state) => state.active > 0,
    selectActiveRequests: (state) => state.active,
  },
});

export const { requestStarted, requestFinished } = requestsSlice.actions;
export const { selectBusy, selectActiveRequests } = requestsSlice.selectors;
