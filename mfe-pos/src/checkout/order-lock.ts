import type { AppThunk, RootState } from '@kassa/api-client';
import type { Product } from '@kassa/contracts';
import { cartRepriced, productAdded, productRemoved, returnAdded, returnModeSet, returnRemoved } from '../cart/cart-slice';
import { productsApi } from '../products/products-api';
import { selectCheckoutBusy, selectStack } from './checkout-slice';

/** While a checkout is open (a modal, or its request) the cart is the order being paid: nothing changes it. */
export const orderLocked = (state: RootState) => selectStack(state).length > 0 || selectCheckoutBusy(state);

/** A product tile, a cart line's plus or minus, a strip's Remove: ignored while a checkout is open. */
export const changeCart =
  (
    action: ReturnType<typeof productAdded> | ReturnType<typeof productRemoved> | ReturnType<typeof returnAdded> | ReturnType<typeof returnRemoved> | ReturnType<typeof returnModeSet>,
  ): AppThunk<boolean> =>
  (dispatch, getState) => {
    if (orderLocked(getState())) return false;
    dispatch(action);
    return true;
  };

/** The cart takes the catalogue's current prices (and names), unless a checkout is open: its order stays as asked. */
export const repriceCart =
  (categories: readonly { products: readonly Product[] }[]): AppThunk =>
  (dispatch, getState) => {
    if (orderLocked(getState())) return;
    dispatch(cartRepriced(categories.flatMap((c) => c.products)));
  };

/** Reads the catalogue anew and reprices the cart with it (after the server refused the prices a modal asked). */
export const refreshPrices = (): AppThunk<Promise<void>> => async (dispatch) => {
  const res = await dispatch(productsApi.endpoints.getProducts.initiate(undefined, { subscribe: false, forceRefetch: true }));
  if (res.data) dispatch(repriceCart(res.data.categories));
};
