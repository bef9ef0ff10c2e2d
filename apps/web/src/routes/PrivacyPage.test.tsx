import {
  CONTACT_MESSAGE_RETENTION_DAYS,
  JOB_RECORD_RETENTION_DAYS,
  STATIC_FILE_CHECK_RETENTION_DAYS,
  VISITOR_HASH_RETENTION_HOURS,
} from '@archive-opener/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from './PrivacyPage';

const section = (name: string) => screen.getByRole('region', { name });

describe('PrivacyPage', () => {
  it('says what is collected: anonymous extraction records, the file checks, contact messages', () => {
    render(<PrivacyPage />);
    const collected = section('Data we collect');
    expect(within(collected).getByText(/^Anonymous extraction statistics:/).textContent).toMatch(
      /never file names, archive names, passwords or contents.*unless your browser signals Do Not Track or Global Privacy Control/,
    );
    expect(within(collected).getByText(/^Checks of robots\.txt and sitemap\.xml:/).textContent).toContain('user agent');
    expect(within(collected).getByText(/^Contact form:/).textContent).toContain('stored in our database');
    expect(section('How we process your data').textContent).toContain(
      `the hash itself is erased after ${VISITOR_HASH_RETENTION_HOURS} hours`,
    );
  });

  it('states every retention period from the constants the server enforces', () => {
    render(<PrivacyPage />);
    const retention = section('How long we keep data').textContent;
    expect(retention).toContain(`kept ${JOB_RECORD_RETENTION_DAYS} days`);
    expect(retention).toContain(`erased after ${VISITOR_HASH_RETENTION_HOURS} hours`);
    expect(retention).toContain(`sitemap.xml checks: kept ${STATIC_FILE_CHECK_RETENTION_DAYS} days`);
    expect(retention).toContain(`never longer than ${CONTACT_MESSAGE_RETENTION_DAYS} days`);
    expect(document.body.textContent).not.toContain('{{');
  });

  it('says visitors get no cookies, only the administrator a session cookie', () => {
    render(<PrivacyPage />);
    expect(section('Cookies and local storage').textContent).toMatch(
      /Visitors receive no cookies.*The only cookie we set is the administrator's session cookie/,
    );
  });
});
