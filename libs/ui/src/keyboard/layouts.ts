/** SPEC 2: default, shift and symbol layouts and a hide key. */
export const KEYBOARD_LAYOUTS = {
  default: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    'q w e r t y u i o p',
    'a s d f g h j k l {enter}',
    '{shift} z x c v b n m , . {shift}',
    '{symbols} @ {space} - {hide}',
  ],
  shift: [
    '! @ # $ % & * ( ) _ {bksp}',
    'Q W E R T Y U I O P',
    'A S D F G H J K L {enter}',
    '{shift} Z X C V B N M ; : {shift}',
    '{symbols} @ {space} - {hide}',
  ],
  symbols: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    '€ $ % & * ( ) = + /',
    '# ! ? \' " : ; _ {enter}',
    '[ ] { } < > \\ | ~',
    '{abc} @ {space} . {hide}',
  ],
};

export const KEYBOARD_DISPLAY: Record<string, string> = {
  '{bksp}': '⌫',
  '{enter}': 'Enter',
  '{shift}': '⇧',
  '{symbols}': '?123',
  '{abc}': 'ABC',
  '{space}': ' ',
  '{hide}': 'Hide ⌄',
};
