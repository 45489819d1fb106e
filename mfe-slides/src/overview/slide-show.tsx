import { useEffect, useState, type ComponentType } from 'react';
import { BarMenuSlide } from '../bar-menu/bar-menu-slide';
import { TransactionsSlide } from '../transactions/transactions-slide';
import { WelcomeSlide } from './welcome-slide';
import './overview.css';

/** Each slide stays this long before the next fades in. */
export const ROTATE_MS = 20_000;

export const ROTATION: { id: string; Slide: ComponentType }[] = [
  { id: 'bar', Slide: BarMenuSlide },
  { id: 'transactions', Slide: TransactionsSlide },
  { id: 'welcome', Slide: WelcomeSlide },
];

/**
 * /slides: the display slides in turn, crossfading. All of them stay mounted under each other, so the menu keeps
 * polling and the live list keeps receiving sales while another slide is on screen.
 */
export function SlideShow() {
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCurrent((i) => (i + 1) % ROTATION.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="show">
      {ROTATION.map(({ id, Slide }, i) => (
        <div
          key={id}
          className={`show__layer${i === current ? ' show__layer--on' : ''}`}
          data-slide={id}
          aria-hidden={i !== current}
        >
          <Slide />
        </div>
      ))}
    </div>
  );
}
