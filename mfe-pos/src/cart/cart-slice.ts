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
  /**
   * Deposit returns (DEPOSIT_RETURN): empty packaging brought back, a negative line of the deposit only. Optional: a
   * cart kept from before deposits (a failed card order) has none.
   */
  returns?: CartEntry[];
  /** While on, a tapped product is a returned one (its deposit paid back) instead of one sold. */
  returnMode?: boolean;
  /**
   * The buyer's age for an order with an 18+ product (setting ageCheck 'ask'): being asked, or confirmed by staff;
   * asked once per order (cleared with the cart).
   */
  age?: 'asking' | 'confirmed';
  /**
   * Checkout refused this order for want of the age confirmation while the till's settings still said ageCheck 'off'
   * (changed since the till read them): the till asks for this order as if they said 'ask'.
   */
  ageRequired?: boolean;
}

/** A count per line stays within what the checkout contract accepts. */
export const MAX_COUNT = 999;

const initialState = (): CartState => ({ entries: [], topUp: null, returns: [], returnMode: false });

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
    /** One more unit of packaging brought back (only products with a deposit can be). */
    returnAdded: (state, action: PayloadAction<Product>) => {
      if (depositOf(action.payload) <= 0) return;
      const returns = (state.returns ??= []);
      const entry = returns.find((e) => e.product.id === action.payload.id);
      if (entry) entry.count = Math.min(MAX_COUNT, entry.count + 1);
      else returns.push({ product: action.payload, count: 1 });
    },
    /** The minus button of a return line. */
    returnRemoved: (state, action: PayloadAction<string>) => {
      const entry = state.returns?.find((e) => e.product.id === action.payload);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) state.returns = state.returns!.filter((e) => e !== entry);
    },
    returnModeSet: (state, action: PayloadAction<boolean>) => {
      state.returnMode = action.payload;
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
        if (now && (now.price !== entry.product.price || now.name !== entry.product.name || now.depositAmount !== entry.product.depositAmount || now.adultsOnly !== entry.product.adultsOnly)) {
          entry.product = { ...entry.product, price: now.price, name: now.name, deposit: now.deposit, depositAmount: now.depositAmount, adultsOnly: now.adultsOnly };
        }
      }
      for (const entry of state.returns ?? []) {
        const now = byId.get(entry.product.id);
        if (now && (now.name !== entry.product.name || now.depositAmount !== entry.product.depositAmount)) entry.product = { ...entry.product, name: now.name, deposit: now.deposit, depositAmount: now.depositAmount };
      }
    },
    /** Staff are asked the buyer's age; confirmed, or (null) not: the order stays as it is. */
    ageAnswered: (state, action: PayloadAction<'asking' | 'confirmed' | null>) => {
      if (action.payload) state.age = action.payload;
      else delete state.age;
    },
    /** Checkout wants the buyer's age confirmed for this order, whatever the till's settings say (see ageRequired). */
    ageRequired: (state) => {
      state.ageRequired = true;
      delete state.age;
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
    selectReturns: (state) => state.returns ?? NO_RETURNS,
    selectReturnMode: (state) => state.returnMode ?? false,
    selectItemCount: (state) => state.entries.reduce((n, e) => n + e.count, 0) + (state.returns ?? []).reduce((n, e) => n + e.count, 0),
    selectProductsTotal: (state) => cartProductsTotal(state),
    selectTotal: (state) => cartProductsTotal(state) + (state.topUp?.amount ?? 0),
    /** An 18+ product is in the order and staff have not confirmed the buyer's age yet. */
    selectAgeToAsk: (state) => state.age !== 'confirmed' && state.entries.some((e) => e.product.adultsOnly === true),
    selectCartIsEmpty: (state) => state.entries.length === 0 && (state.returns?.length ?? 0) === 0 && state.topUp === null,
  },
});

const NO_RETURNS: CartEntry[] = [];

/** The deposit on one unit of a product (a product cached before deposits had amounts has none). */
export const depositOf = (product: Product) => product.depositAmount ?? 0;

/** What the products cost: each unit's price plus its deposit (docs/decisions.md "Deposits as money"). */
export const productsTotal = (entries: readonly CartEntry[]) => entries.reduce((sum, e) => sum + (e.product.price + depositOf(e.product)) * e.count, 0);

/** The deposits paid back on the packaging returned. */
export const returnsTotal = (returns: readonly CartEntry[] | undefined) => (returns ?? []).reduce((sum, e) => sum + depositOf(e.product) * e.count, 0);

/** Products with their deposits less the deposits returned, without a top-up; below zero is paid out. */
export const cartProductsTotal = (cart: Pick<CartState, 'entries' | 'returns'>) => productsTotal(cart.entries) - returnsTotal(cart.returns);

declare module '@kassa/api-client' {
  // Module augmentation: the store's lazily loaded slices learn about this one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof cartSlice> {}
}

const injected = cartSlice.injectInto(rootReducer);

export const { productAdded, productRemoved, returnAdded, returnRemoved, returnModeSet, productsUnavailable, topUpSet, topUpCleared, ageAnswered, ageRequired, cartCleared, cartRepriced, cartRestored } =
  cartSlice.actions;
export const { selectCart, selectEntries, selectReturns, selectReturnMode, selectTopUp, selectItemCount, selectProductsTotal, selectTotal, selectAgeToAsk, selectCartIsEmpty } =
  injected.selectors;
