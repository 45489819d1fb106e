export { startCheckoutStack, TestClock, type CheckoutStack, type StackOptions } from './checkout-stack';
