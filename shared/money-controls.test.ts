import { describe, expect, it } from 'vitest';
import { normaliseBlockValue } from './money-controls.js';

describe("The blocklist's normal forms", () => {
  it('When an e-mail is normalised, then case and a plus-tag go, and for Gmail the dots and googlemail.com too', () => {
    expect(normaliseBlockValue('email', '  Blocked+1@Example.COM ')).toBe('blocked@example.com');
    expect(normaliseBlockValue('email', 'b.l.o.c.k.e.d@example.com')).toBe('b.l.o.c.k.e.d@example.com');
    expect(normaliseBlockValue('email', 'J.Doe+x+y@gmail.com')).toBe('jdoe@gmail.com');
    expect(normaliseBlockValue('email', 'jdoe@googlemail.com')).toBe('jdoe@gmail.com');
  });

  it('When an address is normalised, then IPv4 (mapped too) stays itself and IPv6 becomes its /64, written as PostgreSQL writes it', () => {
    expect(normaliseBlockValue('ip', '10.0.0.7')).toBe('10.0.0.7');
    expect(normaliseBlockValue('ip', '::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(normaliseBlockValue('ip', '::FFFF:a00:7')).toBe('10.0.0.7');
    expect(normaliseBlockValue('ip', '2001:DB8:0:0:1:2:3:4')).toBe('2001:db8::/64');
    expect(normaliseBlockValue('ip', '2001:db8:1:0::1')).toBe('2001:db8:1::/64');
    expect(normaliseBlockValue('ip', '2001:0:0:1::5')).toBe('2001:0:0:1::/64');
    expect(normaliseBlockValue('ip', 'fe80::1%eth0')).toBe('fe80::/64');
    expect(normaliseBlockValue('ip', '2001:db8:1:2::/64')).toBe('2001:db8:1:2::/64');
    expect(normaliseBlockValue('ip', '2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(normaliseBlockValue('ip', '999.1.1.1')).toBe('999.1.1.1');
  });
});
