import { options } from "preact";
import { flushSync } from "react-dom";

/**
 * `flushSync` as React does it: the update renders now, and the effects of that render have run
 * when this returns (React flushes a synchronous render's passive effects at the end of its
 * commit). Preact's `flushSync` renders now but leaves `useEffect`s for after the next paint, so
 * for about a frame what was rendered has none of the listeners its effects add: a dialog taking
 * over from the page's copy ignored an Escape pressed in that frame (Radix listens from an effect)
 * and stayed open over an inert page (decision 044, item 7).
 *
 * Preact asks `options.requestAnimationFrame` (a public option hook, the one preact/test-utils'
 * `act` uses) to schedule its effects; here it is asked while the update renders, and the effects
 * it was given run before returning. Renders those effects cause are flushed as well. On React
 * (the dev server, the unit tests, `SIGHTLINE_REACT=react`) Preact is not the renderer and the
 * option is never asked: this is React's own `flushSync`.
 */
export function flushSyncWithEffects(update: () => void): void {
  const previous = options.requestAnimationFrame;
  const scheduled: (() => void)[] = [];
  options.requestAnimationFrame = (callback) => {
    scheduled.push(callback);
  };
  try {
    flushSync(update);
    // An effect may schedule more (a state it sets renders again, with effects of its own).
    for (let round = 0; scheduled.length > 0 && round < 10; round++) {
      const batch = scheduled.splice(0);
      flushSync(() => {
        for (const flush of batch) flush();
      });
    }
  } finally {
    options.requestAnimationFrame = previous;
    // Effects still scheduling more after ten rounds run as Preact would have run them: after
    // the next paint. Preact asked this hook for them, so nothing else will.
    for (const flush of scheduled.splice(0)) {
      if (previous) previous(flush);
      else requestAnimationFrame(() => setTimeout(flush));
    }
  }
}
