import { clientHash, clientKey } from './client-hash.js';

describe('clientKey', () => {
  it('keeps IPv4 addresses whole', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 as one client, however it is written', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::192.0.2.1',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::9'),
    ];
    expect(new Set(one.map(clientKey))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('hashes the client, not the address', () => {
    expect(clientHash(clientKey('2001:db8:1:2::1'))).toBe(clientHash(clientKey('2001:db8:1:2::2')));
    expect(clientHash('203.0.113.7')).not.toBe(clientHash('203.0.113.8'));
  });
});
