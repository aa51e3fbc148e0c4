/**
 * An error of a walk. The walker stops at the first error it meets, so it throws this and the
 * entry point turns it back into a value; nothing outside src/validate sees it thrown. When every
 * error is collected, the walk catches it at the member it failed in and goes on with the next.
 */
import { displayPath } from '../expand/path.ts';

export class Rejection {
  readonly path: string;
  readonly message: string;
  /**
   * A spec-wide count limit (nodes, image uses) was passed: every later node would pass it too,
   * so a walk collecting every error stops here rather than repeat it.
   */
  readonly endsCollection: boolean;

  constructor(path: string, message: string, endsCollection = false) {
    this.path = displayPath(path);
    this.message = message;
    this.endsCollection = endsCollection;
  }
}

export function reject(path: string, message: string): never {
  throw new Rejection(path, message);
}

/** Rejects for a spec-wide count limit (see Rejection.endsCollection). */
export function rejectCount(path: string, message: string): never {
  throw new Rejection(path, message, true);
}
