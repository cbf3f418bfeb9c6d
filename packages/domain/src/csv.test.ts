import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it.each<[string | number | null, string]>([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['+1 555', '"\'+1 555"'],
    ['-2+3', '"\'-2+3"'],
    ['@SUM(A1)', '"\'@SUM(A1)"'],
    ['\tcmd', '"\'\tcmd"'],
    [-12.5, '-12.5'],
    [0, '0'],
    [null, ''],
    ['', ''],
  ])('%j → %s', (value, cell) => expect(csvCell(value)).toBe(cell));

  it('a line joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe('a,1,,"\'=x"\r\n');
  });
});
