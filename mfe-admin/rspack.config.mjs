import { createAppConfig } from '../scripts/rspack/app-config.mjs';

export default createAppConfig({ dir: import.meta.dirname, name: 'mfe_admin', title: 'Kassa admin (standalone)' });
