import { jest } from '@jest/globals';
import { signalPageTitled, whenPageTitled } from '../src/features/seo/page-title-signal';

describe('a page view waits for its own page title', () => {
  afterEach(() => jest.useRealTimers());

  it('answers with the new page title once that page sets it, not the previous one', () => {
    signalPageTitled('/privacy', 'Privacy Policy');
    const seen: string[] = [];
    whenPageTitled('/article/x', 3000, (title) => seen.push(title));
    expect(seen).toEqual([]);
    signalPageTitled('/privacy', 'Privacy Policy again');
    expect(seen).toEqual([]);
    signalPageTitled('/article/x', 'The article');
    signalPageTitled('/article/x', 'The article, edited');
    expect(seen).toEqual(['The article']);
  });

  it('answers at once when the page already has its title', () => {
    signalPageTitled('/terms', 'Terms');
    const seen: string[] = [];
    whenPageTitled('/terms', 3000, (title) => seen.push(title));
    expect(seen).toEqual(['Terms']);
  });

  it('falls back to the document title after the wait, and never answers once cancelled', () => {
    jest.useFakeTimers();
    document.title = 'Whatever is there';
    const seen: string[] = [];
    whenPageTitled('/slow', 3000, (title) => seen.push(title));
    const cancel = whenPageTitled('/left', 3000, (title) => seen.push(`left: ${title}`));
    cancel();
    jest.advanceTimersByTime(3000);
    signalPageTitled('/left', 'Too late');
    expect(seen).toEqual(['Whatever is there']);
  });
});
