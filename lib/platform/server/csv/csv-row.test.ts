import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '@/lib/platform/server/csv/csv-row';

describe('csvCell', () => {
  it('leaves plain text, numbers and Arabic as they are', () => {
    expect(csvCell('order-17')).toBe('order-17');
    expect(csvCell(87.5)).toBe('87.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('بيت البرجر')).toBe('بيت البرجر');
  });

  it('writes null and undefined as empty cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Olaya St, Riyadh')).toBe('"Olaya St, Riyadh"');
    expect(csvCell('the "big" one')).toBe('"the ""big"" one"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+966500000001', "'+966500000001"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('defuses a cell a spreadsheet would run as a formula: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('does not touch formula characters after the first one', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x@example.com')).toBe('x@example.com');
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b, c', null, 3])).toBe('a,"b, c",,3\r\n');
  });
});
