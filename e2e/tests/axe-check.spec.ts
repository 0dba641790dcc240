import { expect, test, axeFor } from '../fixtures/test.js';

/**
 * The journeys' accessibility checks (axeFor, fixtures/test.ts) pass only while they can fail: a
 * nameless button and faint text planted in a page are found, in the whole page and in a part.
 */
test('the accessibility check finds a planted violation, in the whole page and inside an included part', async ({ newPerson }) => {
  const page = await newPerson();
  await page.goto('/');
  // The page React draws, not the static shell before it (index.html), which React's first render
  // replaces together with anything planted in it.
  await expect(page.getByRole('heading', { name: 'Upcoming rides' })).toBeVisible();
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.id = 'planted';
    planted.innerHTML = '<button></button><p style="color:#eee;background:#fff">faint</p>';
    document.querySelector('main')!.append(planted);
  });
  const whole = await axeFor(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(whole.violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
  const part = await axeFor(page).include('#planted').analyze();
  expect(part.violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
});
