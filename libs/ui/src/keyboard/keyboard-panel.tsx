import { useEffect, useState } from 'react';
import Keyboard from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';
import { backspace, insertText, pressEnter, type TypableElement } from './input-bridge';
import { KEYBOARD_DISPLAY, KEYBOARD_LAYOUTS } from './layouts';

type LayoutName = keyof typeof KEYBOARD_LAYOUTS;

/** Loaded on first use, so the keyboard library costs nothing until someone needs it. */
export default function KeyboardPanel({ target, onHide }: { target: TypableElement; onHide: () => void }) {
  const [layout, setLayout] = useState<LayoutName>('default');

  // Room below the page while the keyboard is up, so the field and the buttons under it stay reachable.
  useEffect(() => {
    document.body.classList.add('k-osk-open');
    target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    return () => document.body.classList.remove('k-osk-open');
  }, [target]);

  const onKeyPress = (button: string) => {
    switch (button) {
      case '{shift}':
        setLayout((l) => (l === 'shift' ? 'default' : 'shift'));
        return;
      case '{symbols}':
        setLayout('symbols');
        return;
      case '{abc}':
        setLayout('default');
        return;
      case '{hide}':
        onHide();
        return;
      case '{bksp}':
        backspace(target);
        return;
      case '{enter}':
        pressEnter(target);
        return;
      case '{space}':
        insertText(target, ' ');
        return;
      default:
        insertText(target, button);
        // One capital, then back to lower case, as on a phone.
        if (layout === 'shift') setLayout('default');
    }
  };

  return (
    <div className="k-osk" data-osk="" role="group" aria-label="On-screen keyboard">
      <Keyboard
        layout={KEYBOARD_LAYOUTS}
        layoutName={layout}
        display={KEYBOARD_DISPLAY}
        onKeyPress={onKeyPress}
        preventMouseDownDefault
        preventMouseUpDefault
        mergeDisplay
      />
    </div>
  );
}
