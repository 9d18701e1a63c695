import { describe, expect, it } from 'vitest';
import { serverId, csvCell, csvLine, userText } from './csv.js';

describe('CSV cells (every cell defused)', () => {
  it.each([
    ['-1-1-SUM-A1', "'-1-1-SUM-A1"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+8801712345678', "'+8801712345678"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('When a text cell is %j, then it is written %j (a leading apostrophe, quoted when needed)', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('When a cell holds ; , a quote or a line break, then it is quoted and quotes are doubled', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain TrxID AB12')).toBe('plain TrxID AB12');
  });

  it('When a cell is a number, then it stays a number (a negative amount is not a formula); nothing is empty', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('When text is marked as written by people or not, then it is defused alike', () => {
    expect(csvCell(userText('=cmd'))).toBe(csvCell('=cmd'));
    expect(csvLine(['-1-1-SUM-A1', 5, userText('Rahim; Karim')])).toBe(`'-1-1-SUM-A1,5,"Rahim; Karim"\r\n`);
  });

  it('When a cell is an id the server made, then it is written as it is, and anything else in its place is defused', () => {
    expect(csvCell(serverId('-6EiyzgrDsj3ETHg2yX5-w'))).toBe('-6EiyzgrDsj3ETHg2yX5-w');
    expect(csvCell(serverId('=HYPERLINK("x")'))).toBe(`"'=HYPERLINK(""x"")"`);
  });
});
