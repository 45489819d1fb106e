import { approvalRoutes } from '@kassa/service-kit';

/** Four eyes on crediting an invoice (treasurer) (issue 50 §5). */
export default approvalRoutes('checkout', ['treasurer']);
