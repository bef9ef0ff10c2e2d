import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, API_ERROR_STATUS, apiErrorCodeForStatus, isApiErrorCode } from './api-errors.js';

describe('the API error list', () => {
  it('gives every code a refusal status and lists no code twice', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    for (const code of API_ERROR_CODES) expect(API_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('keeps the statuses clients rely on', () => {
    expect(API_ERROR_STATUS.GONE).toBe(410);
    expect(API_ERROR_STATUS.QUEUE_FULL).toBe(429);
    expect(API_ERROR_STATUS.LOGIN_BUSY).toBe(503);
    expect(API_ERROR_STATUS.CSRF).toBe(403);
  });

  it('names the general code of a status only where the status means one thing', () => {
    expect(apiErrorCodeForStatus(400)).toBe('BAD_REQUEST');
    expect(apiErrorCodeForStatus(429)).toBe('RATE_LIMITED');
    expect(apiErrorCodeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    // A proxy's 503 or 403 is not the server's STORAGE_FULL or CSRF.
    expect(apiErrorCodeForStatus(503)).toBeNull();
    expect(apiErrorCodeForStatus(403)).toBeNull();
    expect(apiErrorCodeForStatus(502)).toBeNull();
    for (const status of [400, 401, 404, 410, 413, 415, 429, 500]) {
      const code = apiErrorCodeForStatus(status);
      expect(code && API_ERROR_STATUS[code]).toBe(status);
    }
  });

  it('tells its codes from other strings', () => {
    expect(isApiErrorCode('LOGIN_BUSY')).toBe(true);
    expect(isApiErrorCode('FST_ERR_CTP_INVALID_JSON')).toBe(false);
    expect(isApiErrorCode(429)).toBe(false);
  });
});
