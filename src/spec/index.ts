export * from './schema.ts';
export * from './vocabulary.ts';
export { decodePrototypeSpec } from './decode.ts';
export type { DecodeResult } from './decode.ts';
