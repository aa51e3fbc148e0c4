// A host failure is a value: where the problem is, what was wrong, and how to fix it.

export interface HostFailure {
  success: false;
  /** The argument or spec path the failure is about, e.g. `specPath`, `assets[1].path`, `root.children[0].anchor`. */
  path: string;
  error: string;
  fix: string;
  /** Asset ids already stored on the device when an asset upload failed part-way. */
  uploadedAssets?: string[];
  /**
   * An invalid spec: every error, `path` and `error` above being the first (see
   * validatePrototypeSpecAllErrors for the order), so the spec can be repaired in one round.
   */
  errors?: SpecError[];
  /** More errors were found than `errors` lists. */
  errorsTruncated?: boolean;
}

export interface SpecError {
  path: string;
  message: string;
}

export function failure(path: string, error: string, fix: string, extra: Partial<HostFailure> = {}): HostFailure {
  return { success: false, path, error, fix, ...extra };
}

/** Thrown inside a pipeline step and turned back into a value at the pipeline's edge. */
export class HostFailureError extends Error {
  constructor(readonly failure: HostFailure) {
    super(`${failure.path}: ${failure.error}`);
  }
}

export function fail(path: string, error: string, fix: string, extra: Partial<HostFailure> = {}): never {
  throw new HostFailureError(failure(path, error, fix, extra));
}
