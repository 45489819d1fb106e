import './theme.css';

export { formatMoney, formatDate, formatDay, dutchDay, addDays, TIME_ZONE, textColourOn, CATEGORY_COLOURS, type DateInput } from './format';
export { Money, type MoneyProps } from './money';
export { DateText } from './date-text';
export { Button, type ButtonProps, type ButtonVariant } from './button';
export { Spinner, LoadingArea } from './spinner';
export { Modal, ConfirmModal, DIALOG_Z_INDEX_BASE, type ModalProps } from './modal';
export { Snackbar, SNACKBAR_FADE_MS, type SnackbarProps } from './snackbar';
export { useCountdown } from './use-countdown';
export { useMediaQuery, WIDE_SCREEN_QUERY } from './use-media-query';
export {
  DialogStack,
  createDialogStack,
  MESSAGE_AUTO_CONFIRM_SECONDS,
  type DialogEntry,
  type DialogSpec,
} from './dialogs/dialog-stack';
export { DialogProvider, useDialogs, useDialogsOpen } from './dialogs/dialog-context';
export { DialogHost } from './dialogs/dialog-host';
export { describeError, type ErrorLike } from './dialogs/describe-error';
export { OnScreenKeyboard } from './keyboard/on-screen-keyboard';
export { isTypable } from './keyboard/input-bridge';
export * from './icons';
export { TextField, type TextFieldProps } from './text-field';
export { AMOUNT_INVALID, AMOUNT_ZERO, centsToInput, parseEuros } from './euros';
export { Pager, LoadError, ListFallback, type PagerProps } from './pager';
export { TERMS_POINTS, TERMS_TEXT, TERMS_TITLE } from './terms';
