import { createSlice } from '@reduxjs/toolkit';

/** SPEC 4: a request counter marks the app busy while any request is active. */
export const requestsSlice = createSlice({
  name: 'requests',
  initialState: { active: 0 },
  reducers: {
    requestStarted: (state) => {
      state.active += 1;
    },
    requestFinished: (state) => {
      state.active = Math.max(0, state.active - 1);
    },
  },
  selectors: {
    selectBusy: (state) => state.active > 0,
    selectActiveRequests: (state) => state.active,
  },
});

export const { requestStarted, requestFinished } = requestsSlice.actions;
export const { selectBusy, selectActiveRequests } = requestsSlice.selectors;
