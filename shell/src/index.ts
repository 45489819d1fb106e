import { startEarlyRequest } from '@kassa/api-client/early-requests';
import { askTrainingMode } from './layout/training-mode';
import { preloadRemoteFor } from './remotes/remote-registry';
import { markStartup } from './startup-marks';
import { registerServiceWorker } from './sw/register-service-worker';

markStartup('entry');

// Before the shared modules load (this file imports none of them): ask for the configuration (SPEC 2 "Startup") and
// start on the current page's remote and its data, and ask whether this is a training server, alongside the shell's
// own chunks.
startEarlyRequest('/api/config/');
const remote = preloadRemoteFor(window.location.pathname);
void askTrainingMode();
// The async boundary: shared modules (React, the store, …) are negotiated before any of them is evaluated.
import('./bootstrap');
registerServiceWorker(remote);
