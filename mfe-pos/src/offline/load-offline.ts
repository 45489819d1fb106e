/** The offline queue, the offline sale and the replay: one chunk, loaded after the till has drawn (use-offline-sync.ts). */
export const loadOffline = () => import(/* webpackChunkName: "offline" */ './offline-runtime');
