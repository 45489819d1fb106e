import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

const KEYBOARD_KEY = 'keyboard';

/** Touch screens get the on-screen keyboard unless the user turned it off; elsewhere it starts off. */
function initialKeyboard(): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(KEYBOARD_KEY);
    if (stored === 'on') return true;
    if (stored === 'off') return false;
  } catch {
    /* fall through to the device default */
  }
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia('(pointer: coarse)').matches;
}

export interface LayoutState {
  /** The navigation drawer (narrow screens and the till). */
  navOpen: boolean;
  keyboardEnabled: boolean;
}

export const layoutSlice = createSlice({
  name: 'layout',
  initialState: (): LayoutState => ({ navOpen: false, keyboardEnabled: initialKeyboard() }),
  reducers: {
    navOpened: (state) => {
      state.navOpen = true;
    },
    navClosed: (state) => {
      state.navOpen = false;
    },
    keyboardSet: (state, action: PayloadAction<boolean>) => {
      state.keyboardEnabled = action.payload;
    },
  },
  selectors: {
    selectNavOpen: (state) => state.navOpen,
    selectKeyboardEnabled: (state) => state.keyboardEnabled,
  },
});

export const { navOpened, navClosed, keyboardSet } = layoutSlice.actions;
export const { selectNavOpen, selectKeyboardEnabled } = layoutSlice.selectors;

export function persistKeyboardChoice(enabled: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEYBOARD_KEY, enabled ? 'on' : 'off');
  } catch {
    /* the choice then lasts as long as the page */
  }
}
