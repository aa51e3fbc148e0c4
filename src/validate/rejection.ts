/**
 * The first error of a walk. The walker stops at the first error it meets, so it throws this
 * and the entry point turns it back into a value; nothing outside src/validate sees it thrown.
 */
import { displayPath } from '../expand/path.ts';

export class Rejection {
  readonly path: string;
  readonly message: string;

  constructor(path: string, message: string) {
    this.path = displayPath(path);
    this.message = message;
  }
}

export function reject(path: string, message: string): never {
  throw new Rejection(path, message);
}
