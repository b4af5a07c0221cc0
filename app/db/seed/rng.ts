/*
 * The made-up stock's random source: the same seed gives the same stock, so
 * a failing test can be replayed.
 */

export type Rng = () => number;

/** mulberry32: small, fast, good enough for made-up stock. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
export const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
