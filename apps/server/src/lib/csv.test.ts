import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends, quoting cells with commas, quotes and line breaks', () => {
    expect(toCsv(['a', 'b'], [['plain', 'with, comma'], ['say "hi"', 'two\nlines']])).toBe(
      'a,b\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"\r\n',
    );
  });

  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    const cells = ['=1+2', '+1', '-2', '@SUM(A1)', '\t=1', '\r=1', 'a=b', 'x@example.com'];
    expect(toCsv(['cell'], cells.map((cell) => [cell]))).toBe(
      ['cell', "'=1+2", "'+1", "'-2", "'@SUM(A1)", "'\t=1", `"'\r=1"`, 'a=b', 'x@example.com'].map((line) => `${line}\r\n`).join(''),
    );
  });

  it('guards a formula that also needs quoting', () => {
    expect(toCsv(['cell'], [['=HYPERLINK("http://x","y")']])).toBe(`cell\r\n"'=HYPERLINK(""http://x"",""y"")"\r\n`);
  });
});
