import { createAppConfig } from '../scripts/rspack/app-config.mjs';

export default createAppConfig({ dir: import.meta.dirname, name: 'shell', host: true, title: 'Kassa' });
