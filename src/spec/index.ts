export * from './schema.ts';
export * from './vocabulary.ts';
export { decodePrototypeSpec } from './decode.ts';
export type { DecodeResult } from './decode.ts';
/** The contract's limits, which the runtime also enforces on what changes after a show. */
export { limits } from '../contract/index.ts';
/** animate's spring table (seed 001 "Motion tokens"). */
export { contract as specContract, type MotionRole, type MotionScheme, type MotionTempo, type SpringToken } from '../contract/index.ts';
