import { draftProblem, publishedTitleSet } from './problematic-drafts.js';

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
  ])('flags %p as %s', (draft, reason) => {
    expect(draftProblem(draft, published)).toBe(reason);
  });

  it('passes a real draft', () => {
    expect(draftProblem({ title: 'Why grids are slow', content: body }, published)).toBeNull();
  });
});
