import { draftProblem, hasBrokenMarkup, publishedTitleSet } from './problematic-drafts.js';

const body = `<p>${'A proper paragraph of analysis. '.repeat(10)}</p>`;
const published = publishedTitleSet(['Rates Hold Again']);

describe('draftProblem', () => {
  it.each([
    [{ title: '  ', content: body }, 'missing title'],
    [{ title: 'Untitled', content: body }, 'missing title'],
    [{ title: 'Short one', content: '<p>Too short.</p>' }, 'under 200 characters of text'],
    [{ title: 'Lorem', content: `<p>Lorem ipsum dolor sit amet.</p>${body}` }, 'placeholder text'],
    [{ title: 'Draft', content: `${body}<p>[Insert quote here]</p>` }, 'placeholder text'],
    [{ title: '  rates   hold again ', content: body }, 'duplicate of a published article'],
    [{ title: 'Cut off', content: `${body}<p>The end <a href="https://exa` }, 'broken HTML markup'],
    [{ title: 'Mismatched', content: `${body}</div></section>` }, 'broken HTML markup'],
  ])('flags %p as %s', (draft, reason) => {
    expect(draftProblem(draft, published)).toBe(reason);
  });

  it('tells broken markup from valid HTML with optional end tags and void elements', () => {
    expect(hasBrokenMarkup('<h2>Title</h2><p>One<p>Two<br><img src="a.webp" alt="x"><ul><li>a<li>b</ul>')).toBe(false);
    expect(hasBrokenMarkup('<p>Rates rose 3 < 4 percent</p>')).toBe(false);
    expect(hasBrokenMarkup('<p>Cut <strong class="x')).toBe(true);
    expect(hasBrokenMarkup('<p>Stray</em></p>')).toBe(true);
  });

  it('passes a real draft', () => {
    expect(draftProblem({ title: 'Why grids are slow', content: body }, published)).toBeNull();
  });
});
