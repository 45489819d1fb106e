export type TypableElement = HTMLInputElement | HTMLTextAreaElement;

const TEXT_TYPES = new Set(['text', 'search', 'password', 'email', 'tel', 'url', 'number', '']);

/**
 * Fields the on-screen keyboard types into. Fields with their own keypad (the PIN pad) opt out with
 * inputMode="none" or data-no-osk.
 */
export function isTypable(target: EventTarget | null): target is TypableElement {
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled && !optedOut(target);
  if (!(target instanceof HTMLInputElement)) return false;
  return TEXT_TYPES.has(target.type) && !target.readOnly && !target.disabled && !optedOut(target);
}

function optedOut(el: HTMLElement): boolean {
  return el.inputMode === 'none' || el.getAttribute('inputmode') === 'none' || el.dataset.noOsk !== undefined;
}

function selection(el: TypableElement): [number, number] {
  try {
    const start = el.selectionStart;
    const end = el.selectionEnd;
    if (start !== null && end !== null) return [start, end];
  } catch {
    /* number fields have no selection */
  }
  return [el.value.length, el.value.length];
}

// React tracks the value through the native setter; setting it this way and firing `input` runs onChange.
function setValue(el: TypableElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function moveCaret(el: TypableElement, pos: number) {
  try {
    el.setSelectionRange(pos, pos);
  } catch {
    /* number fields have no caret API */
  }
}

export function insertText(el: TypableElement, text: string) {
  const [start, end] = selection(el);
  setValue(el, el.value.slice(0, start) + text + el.value.slice(end));
  moveCaret(el, start + text.length);
}

export function backspace(el: TypableElement) {
  const [start, end] = selection(el);
  if (start !== end) {
    setValue(el, el.value.slice(0, start) + el.value.slice(end));
    moveCaret(el, start);
  } else if (start > 0) {
    setValue(el, el.value.slice(0, start - 1) + el.value.slice(end));
    moveCaret(el, start - 1);
  }
}

/** Enter: the field's own key handler first (the account picker confirms on Enter), else submit its form. */
export function pressEnter(el: TypableElement) {
  if (el instanceof HTMLTextAreaElement) {
    insertText(el, '\n');
    return;
  }
  const event = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
  const notHandled = el.dispatchEvent(event);
  if (notHandled && el.form) el.form.requestSubmit();
}
