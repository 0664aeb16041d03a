import { mailboxOf } from './newsletter-mailbox.js';

describe('the mailbox an address reaches', () => {
  it('is one spelling for the dots, tags, case and domains Gmail treats as one mailbox', () => {
    const spellings = [
      'reader@gmail.com',
      'Reader@Gmail.com',
      ' reader@gmail.com ',
      'r.e.a.d.e.r@gmail.com',
      'reader+news@gmail.com',
      'rea.der+1+2@googlemail.com',
      'READER@GOOGLEMAIL.COM',
      'reader@gmail.com.',
    ];
    expect(new Set(spellings.map(mailboxOf))).toEqual(new Set(['reader@gmail.com']));
  });

  it('drops a plus tag on any domain, but keeps the dots where they name another mailbox', () => {
    expect(mailboxOf('reader+digest@example.com')).toBe('reader@example.com');
    expect(mailboxOf('Reader+a+b@Outlook.com')).toBe('reader@outlook.com');
    expect(mailboxOf('first.last@example.com')).toBe('first.last@example.com');
    expect(mailboxOf('first.last@example.com')).not.toBe(mailboxOf('firstlast@example.com'));
    expect(mailboxOf('reader@gmail.example')).toBe('reader@gmail.example');
  });

  it('keeps a local part that is only a tag, and a string without a mailbox, as they are (lowercased)', () => {
    expect(mailboxOf('+tag@example.com')).toBe('+tag@example.com');
    expect(mailboxOf('Not An Address')).toBe('not an address');
  });
});
