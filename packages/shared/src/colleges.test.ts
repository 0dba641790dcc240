import { describe, expect, it } from 'vitest';
import { isDomainOrSubdomain } from './colleges.js';
import { collegeFromEmail } from './fixtures/spec-regions.js';

describe('collegeFromEmail', () => {
  it.each([
    ['abc12@cornell.edu', 'cornell'],
    ['abc12@MAIL.Cornell.EDU', 'cornell'],
    ['someone@gmail.com', 'cornell'],
    ['someone@icloud.com', 'cornell'],
    ['tester@example.com', 'cornell'],
    ['x@ithaca.edu', 'ithaca'],
    ['x@syr.edu', 'syracuse'],
    ['x@binghamton.edu', 'binghamton'],
    ['x@rutgers.edu', null],
    ['x@notcornell.edu', null],
    ['not-an-email', null],
  ])('%s -> %s', (email, college) => {
    expect(collegeFromEmail(email)).toBe(college);
  });
});

describe('isDomainOrSubdomain', () => {
  it('accepts the domain itself and subdomains only', () => {
    expect(isDomainOrSubdomain('cornell.edu', 'cornell.edu')).toBe(true);
    expect(isDomainOrSubdomain('cs.cornell.edu', 'cornell.edu')).toBe(true);
    expect(isDomainOrSubdomain('evilcornell.edu', 'cornell.edu')).toBe(false);
    expect(isDomainOrSubdomain('cornell.edu.evil.com', 'cornell.edu')).toBe(false);
  });
});
