import { paragraphsOf, storyChange } from './story-changes.js';

describe('what changed between two versions of an article', () => {
  const version = (content: string, title = 'Grid queue') => ({ title, content });

  it('tells paragraphs added, removed and changed, a changed one by its words', () => {
    const change = storyChange(
      version('<p>The queue is 20 GW long, the regulator said.</p><p>Old context that went.</p><p>Unchanged closing line.</p>'),
      version('<p>The queue is 2 GW long, the regulator said.</p><p>Unchanged closing line.</p><p>The regulator decided on Friday.</p>', 'Grid queue shrinks'),
    );
    expect(change).toEqual({
      summary: 'Title changed, 1 paragraph added, 1 paragraph removed, 1 paragraph changed',
      title: { before: 'Grid queue', after: 'Grid queue shrinks' },
      added: ['The regulator decided on Friday.'],
      removed: ['Old context that went.'],
      changed: [{ before: 'The queue is 20 GW long, the…', after: 'The queue is 2 GW long, the…' }],
    });
  });

  it('says nothing when the text is the same', () => {
    expect(storyChange(version('<p>Same.</p>'), version('<p>Same.</p>'))).toBeNull();
  });

  it('compares a bounded number of paragraphs', () => {
    expect(paragraphsOf('<p>x</p>'.repeat(1000))).toHaveLength(300);
  });
});
