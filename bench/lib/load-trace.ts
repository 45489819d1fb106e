/**
 * Where a page load's time goes, from a Chromium performance trace (what DevTools' Performance panel records): the
 * page's main thread, from the navigation to the end of a given click, split by what it was doing. Each trace event's
 * own time (its duration less the events nested in it) counts for its kind; an event of no known kind counts for the
 * nearest enclosing one that has a kind, and the task around them all for "other". What is left of the window the main
 * thread spent waiting (on the network, the disk or another thread).
 */

/** The categories DevTools records for a performance profile. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'toplevel',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; frame?: string; data?: Record<string, unknown> };
}

export const KINDS = ['compile', 'run scripts', 'garbage collection', 'style and layout', 'paint', 'parse HTML', 'other'] as const;
export type Kind = (typeof KINDS)[number];

function kindOf(name: string): Kind | null {
  if (/compile|CompileCode|CompileLazy|CompileScript|parseOnBackground|produceCache|deserialize/i.test(name)) return 'compile';
  if (/GC|Sweep|Scavenge|Compactor/.test(name)) return 'garbage collection';
  if (['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'V8.Execute', 'RunMicrotasks', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'XHRReadyStateChange', 'XHRLoad', 'HandlePostMessage', 'FireIdleCallback', 'v8.run', 'v8.callFunction'].includes(name)) return 'run scripts';
  if (['UpdateLayoutTree', 'Layout', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'LayoutShift', 'IntersectionObserverController::computeIntersections'].includes(name)) return 'style and layout';
  if (['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'UpdateLayerTree', 'Commit', 'CompositeLayers', 'PaintImage', 'Decode Image', 'ImageDecodeTask'].includes(name)) return 'paint';
  if (name === 'ParseHTML') return 'parse HTML';
  return null;
}

export interface LoadSplit {
  /** Navigation start to the end of the click, ms. */
  windowMs: number;
  /** Main-thread time per kind, ms. */
  busy: Record<Kind, number>;
  /** Main-thread time doing nothing, ms. */
  idleMs: number;
  /** The event names that make up most of "other" (own time, ms), largest first. */
  otherNames: [string, number][];
}

/**
 * `events`: the trace's events; `pageUrl`: the URL navigated to; `mainFrame`: the page's main frame (its DevTools
 * protocol frame id, Page.getFrameTree). The window begins with that frame's first navigationStart and ends with the
 * last click dispatched after it (the tap that added a product); the main thread is the one that click ran on.
 *
 * Chromium does not always name the URL on navigationStart, and other frames navigate during the load too (at about
 * 1 s into the till's, in another frame): taking the trace's last navigationStart when no event named the URL made the
 * window start there, 1 s late or after the tap (bench/frontend failed with "no click" in one run of three).
 */
export function splitLoad(events: TraceEvent[], pageUrl: string, mainFrame: string): LoadSplit {
  const navigations = events.filter((e) => e.name === 'navigationStart').sort((a, b) => a.ts - b.ts);
  const nav =
    navigations.find((e) => String(e.args?.data?.documentLoaderURL ?? '').startsWith(pageUrl)) ??
    navigations.find((e) => String(e.args?.frame ?? '').toUpperCase() === mainFrame.toUpperCase());
  if (!nav) throw new Error(`the trace has no navigationStart for ${pageUrl} in frame ${mainFrame}`);
  const click = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && e.ph === 'X' && e.ts >= nav.ts).sort((a, b) => a.ts - b.ts).at(-1);
  if (!click) throw new Error('the trace has no click on the page');
  const { pid, tid } = click;
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= nav.ts);
  const end = click.ts + (click.dur ?? 0);

  // Complete events (B/E pairs joined), in order, outer before inner at the same start.
  const complete: { name: string; ts: number; end: number }[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const e of main) {
    if (e.ts > end) break;
    if (e.ph === 'X' && e.dur !== undefined) complete.push({ name: e.name, ts: e.ts, end: Math.min(end, e.ts + e.dur) });
    else if (e.ph === 'B') open.set(e.name, [...(open.get(e.name) ?? []), e]);
    else if (e.ph === 'E') {
      const began = open.get(e.name)?.pop();
      if (began) complete.push({ name: e.name, ts: began.ts, end: Math.min(end, e.ts) });
    }
  }
  complete.sort((a, b) => a.ts - b.ts || b.end - a.end);

  const busy = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const otherByName = new Map<string, number>();
  // A stack of the events enclosing the current one, each with the kind it counts for and the time its children took.
  const stack: { end: number; kind: Kind; childTime: number; ts: number; name: string }[] = [];
  let topLevel = 0;
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      busy[done.kind] += done.end - done.ts - done.childTime;
      if (done.kind === 'other') otherByName.set(done.name, (otherByName.get(done.name) ?? 0) + done.end - done.ts - done.childTime);
      if (stack.length > 0) stack.at(-1)!.childTime += done.end - done.ts;
    }
  };
  for (const e of complete) {
    close(e.ts);
    if (e.end <= e.ts) continue;
    const kind = kindOf(e.name) ?? stack.at(-1)?.kind ?? 'other';
    if (stack.length === 0) topLevel += e.end - e.ts;
    // An event overlapping its parent's end (clock rounding) is cut to it.
    const parentEnd = stack.at(-1)?.end ?? Infinity;
    stack.push({ end: Math.min(e.end, parentEnd), kind, childTime: 0, ts: e.ts, name: e.name });
  }
  close(Infinity);
  const ms = (us: number) => us / 1000;
  for (const k of KINDS) busy[k] = ms(busy[k]);
  const otherNames = [...otherByName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, us]): [string, number] => [name, ms(us)]);
  return { windowMs: ms(end - nav.ts), busy, idleMs: ms(end - nav.ts - topLevel), otherNames };
}
