export { BOOKS_SETTINGS, setBooksSettings, startCheckoutStack, TestClock, type CheckoutStack, type StackOptions } from './checkout-stack';
export { pdfDrawnText } from './pdf-text';
