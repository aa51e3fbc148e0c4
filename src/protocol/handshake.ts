// Launch tokens: random per device launch, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MIN_TOKEN_LENGTH } from './constants.ts';

/** 32 random bytes as base64url: 43 characters, well above the 16-character minimum. */
export function createLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isAcceptableToken(token: string | undefined): token is string {
  return typeof token === 'string' && token.length >= MIN_TOKEN_LENGTH;
}

/**
 * Constant-time comparison. Both sides are hashed first so inputs of different lengths still
 * take the same path through timingSafeEqual and the length itself does not leak.
 */
export function tokensMatch(expected: string, presented: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(presented, 'utf8').digest();
  return timingSafeEqual(a, b) && expected.length === presented.length;
}
