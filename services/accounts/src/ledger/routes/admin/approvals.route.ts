import { approvalRoutes } from '@kassa/service-kit';

/** Four eyes on a close with a balance (board) and a large correction (treasurer) (issue 50 §5). */
export default approvalRoutes('accounts', ['board', 'treasurer']);
