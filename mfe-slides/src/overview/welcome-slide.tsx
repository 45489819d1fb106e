import { SlideFrame } from '../shared/slide-frame';

/** Where members top up: this site's own address, so the wall shows the right one on every installation. */
export function accountAddress(): string {
  return `${window.location.host}/account`;
}

export function WelcomeSlide() {
  return (
    <SlideFrame title="Welcome" className="welcome">
      <div className="welcome__body">
        <p className="welcome__lead">Top up your account online at</p>
        <p className="welcome__address">{accountAddress()}</p>
        <p className="welcome__hint">Sign in and open Your account. Then pay at the bar with your account, no cash needed.</p>
      </div>
    </SlideFrame>
  );
}
