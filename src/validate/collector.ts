/**
 * The error list of a walk that collects every error instead of stopping at the first: one error
 * per path, in the order met, at most `maxErrors`; and the members whose walk failed, so that what
 * depends on them (their subtree, the cross-reference checks of records made in them) is skipped
 * rather than reported as errors of their own.
 */
import type { PathSegment } from '../expand/path.ts';
import type { Rejection } from './rejection.ts';

export interface ValidationError {
  path: string;
  message: string;
}

export const DEFAULT_MAX_ERRORS = 100;

/** Thrown to end a collecting walk: the list is full, or a spec-wide count limit was passed. */
export class CollectionEnded {}

export class ErrorCollector {
  readonly errors: ValidationError[] = [];
  /** More errors were found than the list holds. */
  truncated = false;
  /** The walk stopped before the end of the spec. */
  ended = false;
  private readonly paths = new Set<string>();
  private readonly failedMembers: PathSegment[][] = [];

  constructor(private readonly maxErrors: number) {}

  /**
   * Records `rejection`, met while walking the member at `member` (null for a check outside the
   * walk). Throws CollectionEnded when the walk must not go on.
   */
  add(rejection: Rejection, member: readonly PathSegment[] | null): void {
    if (member) this.failedMembers.push([...member]);
    if (!this.paths.has(rejection.path)) {
      if (this.errors.length === this.maxErrors) {
        this.truncated = true;
        this.end();
      }
      this.paths.add(rejection.path);
      this.errors.push({ path: rejection.path, message: rejection.message });
    }
    if (rejection.endsCollection) this.end();
  }

  /** How many member walks have failed so far. */
  get failureCount(): number {
    return this.failedMembers.length;
  }

  /** Whether `path` is, or lies inside, a member whose walk failed. */
  failedUnder(path: readonly PathSegment[]): boolean {
    return this.failedMembers.some((member) => startsWith(path, member));
  }

  /** Whether the value at `path` failed anywhere: at or above it, or inside it. */
  failedAround(path: readonly PathSegment[]): boolean {
    return this.failedMembers.some((member) => startsWith(path, member) || startsWith(member, path));
  }

  private end(): never {
    this.ended = true;
    throw new CollectionEnded();
  }
}

function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]);
}
