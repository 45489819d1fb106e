import { makeStore } from '@kassa/api-client';
import { createDialogStack } from '@kassa/ui';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, ShellRoot } from './app';
import { markStartup } from './startup-marks';

// After the imports above: the shared modules and the shell's own code are evaluated.
markStartup('shared');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <AppProviders store={makeStore()} dialogs={createDialogStack()}>
    <BrowserRouter>
      <ShellRoot />
    </BrowserRouter>
  </AppProviders>,
);
