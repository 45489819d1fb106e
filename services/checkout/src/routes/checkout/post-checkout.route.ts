import { ApiResponse, CheckoutBody, CheckoutMethod, ok, PurchaseResult } from '@kassa/contracts';
import { forbidden, type ServiceApp } from '@kassa/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkout, mayUseMethod } from '../../sales/checkout';
import type { CheckoutContext } from '../../context';

const Params = z.object({ method: CheckoutMethod });

export default function postCheckout(app: ServiceApp, ctx: CheckoutContext) {
  // Runs before validation, so a register without the capability learns nothing about the payload's problems.
  const mayPay = async (request: FastifyRequest) => {
    const method = CheckoutMethod.safeParse((request.params as { method?: string }).method);
    if (method.success && !mayUseMethod(method.data, request.user.capabilities)) throw forbidden();
  };
  app.post(
    '/api/checkout/:method/',
    {
      preValidation: [app.authenticate, mayPay],
      schema: {
        tags: ['checkout'],
        summary: 'Pay for a cart (and a top-up) with cash, card, an account, the own account or another reason',
        params: Params,
        body: CheckoutBody,
        response: { 200: ApiResponse(PurchaseResult) },
      },
    },
    async (request) => ok(await checkout(ctx, request.params.method, request.body, request.user, request.id)),
  );
}
