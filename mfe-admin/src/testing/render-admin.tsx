import { configLoaded, makeStore } from '@kassa/api-client';
import { createDialogStack, DialogProvider } from '@kassa/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { adminConfig } from './fixtures';

/** An admin page as the shell hands it over: the admin's config in the store, the dialog stack, a router at `path`. */
export function renderAdmin(page: ReactNode, path: string) {
  const store = makeStore();
  store.dispatch(configLoaded(adminConfig));
  return render(
    <Provider store={store}>
      <DialogProvider stack={createDialogStack()}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </DialogProvider>
    </Provider>,
  );
}
