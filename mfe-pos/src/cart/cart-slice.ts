import { rootReducer, sessionCleared } from '@kassa/api-client';
import type { Product } from '@kassa/contracts';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

export interface CartEntry {
  product: Product;
  count: number;
  /** Checkout refused it: the product left the catalogue or is hidden (marked on its line until taken off). */
  unavailable?: boolean;
}

/** An account topped up together with the sale (bar mode, cash or card only). */
export interface TopUp {
  accountId: string;
  accountName: string;
  /** Cents added to the account, on top of the products. */
  amount: number;
}

export interface CartState {
  entries: CartEntry[];
  topUp: TopUp | null;
}

/** A count per line stays within what the checkout contract accepts. */
export const MAX_COUNT = 999;

const initialState = (): CartState => ({ entries: [], topUp: null });

export const cartSlice = createSlice({
  name: 'tillCart',
  initialState,
  reducers: {
    productAdded: (state, action: PayloadAction<Product>) => {
      const entry = state.entries.find((e) => e.product.id === action.payload.id);
      if (entry) entry.count = Math.min(MAX_COUNT, entry.count + 1);
      else state.entries.push({ product: action.payload, count: 1 });
    },
    /** The minus button: one fewer, and the line goes at zero. */
    productRemoved: (state, action: PayloadAction<string>) => {
      const entry = state.entries.find((e) => e.product.id === action.payload);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) state.entries = state.entries.filter((e) => e !== entry);
    },
    /** Checkout said these products are not for sale (anymore): their lines say so. */
    productsUnavailable: (state, action: PayloadAction<string[]>) => {
      for (const entry of state.entries) if (action.payload.includes(entry.product.id)) entry.unavailable = true;
    },
    topUpSet: (state, action: PayloadAction<TopUp>) => {
      state.topUp = action.payload;
    },
    topUpCleared: (state) => {
      state.topUp = null;
    },
    /** The catalogue's current price and name of each product in the cart (a product gone from it stays as it was). */
    cartRepriced: (state, action: PayloadAction<Product[]>) => {
      const byId = new Map(action.payload.map((p) => [p.id, p]));
      for (const entry of state.entries) {
        const now = byId.get(entry.product.id);
        if (now && (now.price !== entry.product.price || now.name !== entry.product.name)) entry.product = { ...entry.product, price: now.price, name: now.name };
      }
    },
    cartCleared: () => initialState(),
    /** A failed card payment in bar mode gives the cart back (SPEC: clicking a failed bar restores the cart). */
    cartRestored: (_state, action: PayloadAction<CartState>) => action.payload,
  },
  extraReducers: (builder) => builder.addCase(sessionCleared, () => initialState()),
  selectors: {
    selectCart: (state) => state,
    selectEntries: (state) => state.entries,
    selectTopUp: (state) => state.topUp,
    selectItemCount: (state) => state.entries.reduce((n, e) => n + e.count, 0),
    selectProductsTotal: (state) => productsTotal(state.entries),
    selectTotal: (state) => productsTotal(state.entries) + (state.topUp?.amount ?? 0),
    selectCartIsEmpty: (state) => state.entries.length === 0 && state.topUp === null,
  },
});

export const productsTotal = (entries: readonly CartEntry[]) => entries.reduce((sum, e) => sum + e.product.price * e.count, 0);

declare module '@kassa/api-client' {
  // Module augmentation: the store's lazily loaded slices learn about this one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof cartSlice> {}
}

const injected = cartSlice.injectInto(rootReducer);

export const { productAdded, productRemoved, productsUnavailable, topUpSet, topUpCleared, cartCleared, cartRepriced, cartRestored } = cartSlice.actions;
export const { selectCart, selectEntries, selectTopUp, selectItemCount, selectProductsTotal, selectTotal, selectCartIsEmpty } =
  injected.selectors;
