import { makeStore } from '@kassa/api-client';
import { createDialogStack, DialogProvider } from '@kassa/ui';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from './app';

// Standalone page of this remote (dist/index.html): the remote alone, with its own store and dialogs, for working on
// it without the shell. Served by the gateway at /remotes/mfe-slides/ it reaches the API on the same origin.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const start = window.location.hash.slice(1) || '/slides';

createRoot(container).render(
  <Provider store={makeStore()}>
    <DialogProvider stack={createDialogStack()}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route path="/slides/*" element={<App basePath="/slides" />} />
        </Routes>
      </MemoryRouter>
    </DialogProvider>
  </Provider>,
);
