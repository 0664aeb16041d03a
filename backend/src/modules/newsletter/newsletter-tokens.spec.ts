import { confirmationToken, suppressionHash, tokenValid, unsubscribeToken } from './newsletter-tokens.js';

describe('newsletter link tokens', () => {
  const secret = 'a'.repeat(64);
  const reader = { id: 42, email: 'Reader@Example.com' };
  const now = new Date('2026-03-04T12:00:00Z');

  it('a confirmation token works for its row and address until it expires', () => {
    const token = confirmationToken(secret, reader, new Date(now.getTime() + 60_000));
    expect(tokenValid(secret, 'confirm', token, { id: 42, email: 'reader@example.com' }, now)).toBe(true);
    expect(tokenValid(secret, 'confirm', token, reader, new Date(now.getTime() + 60_000))).toBe(false);
    expect(tokenValid(secret, 'confirm', token, { id: 43, email: reader.email }, now)).toBe(false);
    expect(tokenValid(secret, 'confirm', token, { id: 42, email: 'other@example.com' }, now)).toBe(false);
    expect(tokenValid('b'.repeat(64), 'confirm', token, reader, now)).toBe(false);
    // An unsubscribe token is no confirmation, and the other way round.
    expect(tokenValid(secret, 'unsubscribe', token, reader, now)).toBe(false);
    expect(tokenValid(secret, 'confirm', unsubscribeToken(secret, reader), reader, now)).toBe(false);
  });

  it('an unsubscribe token does not expire, and any change to it breaks it', () => {
    const token = unsubscribeToken(secret, reader);
    expect(tokenValid(secret, 'unsubscribe', token, reader, new Date('2036-01-01T00:00:00Z'))).toBe(true);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(tokenValid(secret, 'unsubscribe', `${token.slice(0, -1)}${last}`, reader, now)).toBe(false);
    expect(tokenValid(secret, 'unsubscribe', 'garbage', reader, now)).toBe(false);
  });

  it('the suppression fingerprint is the same for any spelling of the address, and is not the address', () => {
    expect(suppressionHash(' Reader@Example.com ')).toBe(suppressionHash('reader@example.com'));
    expect(suppressionHash('r.eader+news@googlemail.com')).toBe(suppressionHash('reader@gmail.com'));
    expect(suppressionHash('reader@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});
