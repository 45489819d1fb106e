import { makeStore } from '@kassa/api-client';
import { createDialogStack } from '@kassa/ui';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, ShellRoot } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <AppProviders store={makeStore()} dialogs={createDialogStack()}>
    <BrowserRouter>
      <ShellRoot />
    </BrowserRouter>
  </AppProviders>,
);
