/**
 * How Kassa's own tools start Debian's Chromium (the end-to-end tests and the front-end benches): the machine's
 * binary, and nothing of the browser's own running beside the page.
 *
 * `--disable-features=WebUIOmnibox...Popup`: Chromium 156 builds its address bar's popup (the "AI mode" popup, a WebUI
 * page of about 60 scripts) in a renderer of its own for every new window, even headless, where nobody can open it. In a
 * trace of bench/frontend's cold till (4x CPU slowdown, 2 cores) that renderer's main thread was busy 2.9 s while the
 * till's was busy 3.6 s: half the machine, taken from the page being measured. A tablet's browser has no such popup.
 * Cold loads of one Kassa taking turns, 5 each way (2026-11-29, AMD EPYC): the till usable at a median of 3,555 ms
 * with the popup, 2,338 ms without. Disabling the AI-mode popup alone is enough on 156; the three are disabled so a
 * later Chromium that builds the plain popup as WebUI does not bring it back.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];
