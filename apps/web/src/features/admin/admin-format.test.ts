import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { formatCount, formatDuration, formatPercent, formatRelativeTime, formatUptime } from './admin-format';

const t = i18n.getFixedT('en', 'admin');

describe('admin formats', () => {
  it('writes counts and the success rate in the page’s notation', () => {
    expect(formatCount(12847, 'en')).toBe('12,847');
    expect(formatCount(12847, 'de')).toBe('12.847');
    expect(formatPercent(99.2, 'en')).toBe('99.2%');
    expect(formatPercent(100, 'en')).toBe('100.0%');
    expect(formatPercent(87.25, 'de')).toMatch(/^87,3\s%$/);
    expect(formatPercent(null, 'en')).toBeNull();
  });

  it('gives durations from milliseconds to hours', () => {
    expect(formatDuration(420, t, 'en')).toBe('420 ms');
    expect(formatDuration(1840, t, 'en')).toBe('1.8 s');
    expect(formatDuration(125_000, t, 'en')).toBe('2 min 5 s');
    expect(formatDuration(3_780_000, t, 'en')).toBe('1 h 3 min');
  });

  it('gives the uptime in its two largest units', () => {
    expect(formatUptime(45, t, 'en')).toBe('45 s');
    expect(formatUptime(12 * 60 + 30, t, 'en')).toBe('12 min');
    expect(formatUptime(5 * 3600 + 20 * 60, t, 'en')).toBe('5 h 20 min');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59, t, 'en')).toBe('3 d 4 h');
  });

  it('says how long ago something was', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(formatRelativeTime('2026-05-01T11:58:00Z', now, 'en')).toBe('2 minutes ago');
    expect(formatRelativeTime('2026-05-01T12:00:00Z', now, 'en')).toBe('now');
    expect(formatRelativeTime('2026-04-30T12:00:00Z', now, 'en')).toBe('yesterday');
  });
});
