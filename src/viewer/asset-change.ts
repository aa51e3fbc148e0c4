// What the live view reports about an asset file: put on the device, or a problem with it.
// Kept apart from live-view.ts so that printing a change loads no browser code.

/**
 * What became of an asset file that changed on disk, or of putting it again after a show found
 * it missing (`file` is its name, `version` counts its loads).
 */
export type AssetChange =
  | { ok: true; id: string; file: string; version: number; added: boolean }
  | AssetProblemChange;

/** An asset file that is unusable or that the device did not take. */
export interface AssetProblemChange {
  ok: false;
  id: string;
  file: string;
  version: number;
  flag: string;
  message: string;
  hint: string;
  /** The device still has the copy put before (false: it has none of this asset). */
  kept: boolean;
}

/** What the device draws for an asset with a problem, e.g. `the device keeps the copy it had`. */
export function assetProblemOutcome(change: AssetProblemChange): string {
  return change.kept ? 'the device keeps the copy it had' : 'the device has no copy of it: images showing it draw placeholders, text in it the default font';
}
