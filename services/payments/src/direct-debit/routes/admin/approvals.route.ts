import { approvalRoutes } from '@kassa/service-kit';

/** Four eyes on marking a direct-debit batch collected (issue 50 §5). */
export default approvalRoutes('payments', ['treasurer']);
