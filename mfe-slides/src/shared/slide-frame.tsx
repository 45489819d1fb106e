import type { ReactNode } from 'react';
import { Clock } from './clock';
import './slides.css';

/** One full-screen slide: a title row with the time, and the body filling the rest of the screen. */
export function SlideFrame({
  title,
  status,
  className,
  children,
}: {
  title: string;
  /** A small marker next to the title (the live feed's "reconnecting"). */
  status?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={`slide${className ? ` ${className}` : ''}`} aria-label={title}>
      <header className="slide__header">
        <h1 className="slide__title">{title}</h1>
        {status}
        <Clock className="slide__clock" />
      </header>
      <div className="slide__body">{children}</div>
    </section>
  );
}
