/*
 * Realistic stock, the same for the demo and the tests. Deterministic: the
 * same seed gives the same stock, so a failing test can be replayed. The
 * random source, the vehicles and the parts each have their own file.
 */

export { between, createRng, pick, type Rng } from "./rng";
export { chassisFor, vehicleFactory } from "./vehicle-factory";
export { fitmentFor, partFactory } from "./part-factory";
