import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColour, themeContrast, themeScaleOf } from './colour.js';

describe('colours of a region', () => {
  it('computes WCAG contrast ratios as the specification gives them', () => {
    expect(contrastRatio(parseHexColour('#ffffff')!, parseHexColour('#000000')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHexColour('#777777')!, parseHexColour('#ffffff')!)).toBeCloseTo(4.48, 2);
    expect(parseHexColour('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHexColour('orange')).toBeNull();
  });

  it("passes today's two regions and refuses a light orange under white text", () => {
    const cornell = themeContrast({ light: '#b31b1b', dark: '#e27474' });
    expect(cornell.light).toBeGreaterThanOrEqual(4.5);
    expect(cornell.dark).toBeGreaterThanOrEqual(4.5);
    const nj = themeContrast({ light: '#1d5fd6', dark: '#60a5fa' });
    expect(nj.light).toBeGreaterThanOrEqual(4.5);
    expect(nj.dark).toBeGreaterThanOrEqual(4.5);
    expect(themeContrast({ light: '#ffa500', dark: '#fdba74' }).light).toBeLessThan(4.5);
  });

  it('derives eleven shades around the primary, lighter to darker', () => {
    const scale = themeScaleOf('#c2410c');
    expect(scale['600']).toBe('#c2410c');
    const luminances = Object.values(scale).map((hex) => contrastRatio(parseHexColour(hex)!, [0, 0, 0]));
    expect([...luminances].sort((a, b) => b - a)).toEqual(luminances);
  });
});
