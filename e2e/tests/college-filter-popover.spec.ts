import { expect, saveScreenshot, test, axeFor } from '../fixtures/test.js';

test.describe('the college filter on a Radix popover', () => {
  for (const [colorScheme, width] of [
    ['light', 1280],
    ['dark', 360],
  ] as const) {
    test(`is worked by keyboard, and drawn in the ${colorScheme} theme at ${width} px`, async ({ newPerson }) => {
      const page = await newPerson({ width, height: width === 360 ? 740 : 800, colorScheme });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await page.goto('/');
      const search = page.getByRole('search', { name: 'Find a ride' });
      const button = search.getByRole('button', { name: /^College/ });
      await button.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Colleges' });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('checkbox', { name: 'Cornell' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(panel.getByRole('checkbox', { name: 'Ithaca' })).toBeChecked();
      await expect(button).toHaveAccessibleName('College Ithaca');
      const { violations } = await axeFor(page).analyze();
      const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
      expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      await saveScreenshot(page, `college-filter-open-${colorScheme}-${width}`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(button).toBeFocused();
    });
  }
});
