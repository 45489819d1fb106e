import { createAppConfig } from '../scripts/rspack/app-config.mjs';

export default createAppConfig({ dir: import.meta.dirname, name: 'mfe_account', title: 'Kassa account (standalone)' });
