import { API_ERROR_CODES } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { errorText } from '../extractor/error-messages';
import { ApiRequestError, refusal } from '../../lib/api-request-error';
import { problemFor, problemShape, serverProblemOf, type ServerProblem } from './problems';

const t = i18n.t.bind(i18n);

describe('server problems', () => {
  it('reads the problem from the code of a refusal, or from its status when it names none', () => {
    const refused = (status: number, code: string | null) =>
      refusal(status, code === null ? null : { error: { code, message: '' } });
    expect(problemFor(refused(413, 'PAYLOAD_TOO_LARGE'))).toBe('tooLarge');
    // A proxy's 413 without the API's shape is still an archive too large.
    expect(problemFor(refused(413, null))).toBe('tooLarge');
    expect(problemFor(refused(429, 'RATE_LIMITED'))).toBe('rateLimited');
    expect(problemFor(refused(429, 'QUEUE_FULL'))).toBe('queueFull');
    expect(problemFor(refused(410, 'GONE'))).toBe('expired');
    expect(problemFor(refused(404, null))).toBe('expired');
    expect(problemFor(ApiRequestError.unreached())).toBe('network');
    expect(problemFor(refused(500, null))).toBe('unavailable');
    // The server's disk is full: it is busy, not broken.
    expect(problemFor(refused(503, 'STORAGE_FULL'))).toBe('serverBusy');
    expect(problemFor(refused(503, null))).toBe('unavailable');
    expect(problemFor(refused(400, 'BAD_REQUEST'))).toBe('unavailable');
    expect(problemFor(ApiRequestError.unexpected(200))).toBe('unavailable');
  });

  it('has a translated toast for every code of the API, the ones a visitor meets by name', () => {
    for (const code of API_ERROR_CODES) {
      const { title, text } = errorText(problemShape(problemFor(ApiRequestError.of(code))), t);
      expect(title).not.toMatch(/^extractor\./);
      expect(text).not.toBe('');
    }
    expect(errorText(problemShape(problemFor(ApiRequestError.of('GONE'))), t).title).toBe('Files expired');
    expect(errorText(problemShape(problemFor(ApiRequestError.of('STORAGE_FULL'))), t).title).toBe('The server is busy');
  });

  it('travels in the error shape and comes back out of it', () => {
    const problems: ServerProblem[] = [
      'tooLarge',
      'rateLimited',
      'queueFull',
      'serverBusy',
      'network',
      'timeout',
      'expired',
      'unavailable',
    ];
    for (const problem of problems) expect(serverProblemOf(problemShape(problem))).toBe(problem);
    expect(problemShape('tooLarge')).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'archiveSize' } });
    expect(serverProblemOf({ code: 'WRONG_PASSWORD', message: '' })).toBeNull();
    expect(serverProblemOf({ code: 'INTERNAL', message: '', details: { serverProblem: 'made-up' } })).toBeNull();
  });

  it('is shown with its own translated toast, the size limit being the server’s', () => {
    expect(errorText(problemShape('tooLarge'), t)).toEqual({ title: 'File too large', text: 'Maximum file size is 50.0 MB' });
    expect(errorText(problemShape('rateLimited'), t).title).toBe('Rate limit exceeded');
    expect(errorText(problemShape('queueFull'), t).title).toBe('Too many requests');
    expect(errorText(problemShape('timeout'), t)).toEqual({
      title: 'Extraction timeout',
      text: 'The extraction took too long. Please try again, or extract in your browser.',
    });
    expect(errorText(problemShape('network'), t).title).toBe('Connection failed');
    expect(errorText(problemShape('serverBusy'), t)).toEqual({
      title: 'The server is busy',
      text: 'Our server cannot take more archives right now. Please try again later, or extract in your browser.',
    });
    // The engine's own codes keep their texts.
    expect(errorText({ code: 'WRONG_PASSWORD', message: '' }, t).title).toBe('Wrong password');
  });
});
