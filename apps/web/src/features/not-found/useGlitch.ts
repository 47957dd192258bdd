import { useEffect, useState } from 'react';

/** Spec section 9: the 404 glitch pulses every 4000 ms for 300 ms. */
export const GLITCH_INTERVAL_MS = 4000;
export const GLITCH_DURATION_MS = 300;

/** True for `durationMs` at the end of every `intervalMs`. */
export function useGlitch(intervalMs = GLITCH_INTERVAL_MS, durationMs = GLITCH_DURATION_MS): boolean {
  const [glitching, setGlitching] = useState(false);

  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const pulse = setInterval(() => {
      setGlitching(true);
      clearTimeout(settle);
      settle = setTimeout(() => setGlitching(false), durationMs);
    }, intervalMs);
    return () => {
      clearInterval(pulse);
      clearTimeout(settle);
    };
  }, [intervalMs, durationMs]);

  return glitching;
}
