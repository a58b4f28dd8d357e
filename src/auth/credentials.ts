import { createHash, randomBytes } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * API keys are 256-bit random strings, so they are stored as a SHA-256 hash and found by
 * it (a slow password hash would add nothing against brute force). The display prefix lets
 * operators tell keys apart without ever seeing one.
 */
export function issueApiKey(): string {
  return `cbp_${randomBytes(32).toString('base64url')}`;
}

export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, 10);
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function generateRefreshToken(): string {
  return randomBytes(48).toString('base64url');
}
