import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { errorText } from '../extractor/error-messages';
import { problemForStatus, problemShape, serverProblemOf, type ServerProblem } from './problems';

const t = i18n.t.bind(i18n);

describe('server problems', () => {
  it('reads the problem from the HTTP status of a refused upload', () => {
    expect(problemForStatus(413, 'PAYLOAD_TOO_LARGE')).toBe('tooLarge');
    expect(problemForStatus(429, 'RATE_LIMITED')).toBe('rateLimited');
    expect(problemForStatus(429, 'QUEUE_FULL')).toBe('queueFull');
    expect(problemForStatus(410, null)).toBe('expired');
    expect(problemForStatus(0, null)).toBe('network');
    expect(problemForStatus(500, null)).toBe('unavailable');
    // The server's disk is full: it is busy, not broken.
    expect(problemForStatus(503, 'STORAGE_FULL')).toBe('serverBusy');
    expect(problemForStatus(503, null)).toBe('unavailable');
    expect(problemForStatus(400, 'BAD_REQUEST')).toBe('unavailable');
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
