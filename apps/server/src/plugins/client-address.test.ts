import { describe, expect, it } from 'vitest';
import { addressBucket } from './client-address.js';

describe('addressBucket', () => {
  it('puts two addresses of one IPv6 /64 in one bucket, whatever their spelling', () => {
    const bucket = addressBucket('2001:db8:aa:bb::1');
    expect(bucket).toBe('2001:db8:aa:bb::/64');
    expect(addressBucket('2001:0db8:00aa:00bb:ffff:1234:5678:9abc')).toBe(bucket);
    expect(addressBucket('2001:DB8:AA:BB:0:0:0:2%eth0')).toBe(bucket);
  });

  it('keeps neighbouring /64s apart', () => {
    expect(addressBucket('2001:db8:aa:bc::1')).not.toBe(addressBucket('2001:db8:aa:bb::1'));
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves IPv4 and IPv4-mapped IPv6 addresses as they are', () => {
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('192.0.2.2')).toBe('192.0.2.2');
    expect(addressBucket('::ffff:192.0.2.1')).toBe('::ffff:192.0.2.1');
    expect(addressBucket('::ffff:192.0.2.2')).not.toBe(addressBucket('::ffff:192.0.2.1'));
    expect(addressBucket('::ffff:c000:201')).toBe('::ffff:c000:201');
  });

  it('leaves anything that is not an address alone', () => {
    expect(addressBucket('')).toBe('');
    expect(addressBucket('not an address')).toBe('not an address');
  });
});
