import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
// The Node build: the browser one needs MessageChannel, which jsdom lacks.
import { renderToString } from 'react-dom/server.node';
import { useAdoptedForm } from '../src/hydration';

const FIELDS = ['title', 'body'] as const;

/** A form on the hook, showing what the app knows of its fields. */
function Probe({ onRead }: { onRead: (values: Record<string, string>) => void }) {
  const { attach, onChange, values, read, clear } = useAdoptedForm(FIELDS);
  return (
    <form
      aria-label="Probe"
      ref={attach}
      onChange={onChange}
      onSubmit={(event) => {
        event.preventDefault();
        onRead(read());
        clear();
      }}
    >
      <input aria-label="Title" name="title" defaultValue="" />
      <textarea aria-label="Body" name="body" defaultValue="" />
      <output aria-label="Known">{values ? `${values.title}|${values.body}` : 'not read yet'}</output>
    </form>
  );
}

describe('useAdoptedForm', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('knows nothing of the fields in the server HTML, so nothing derived from them blocks a native submit', () => {
    expect(renderToString(<Probe onRead={() => undefined} />)).toContain('not read yet');
  });

  it('adopts what was typed before hydration, follows every change, reads and clears the fields', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe onRead={() => undefined} />);
    document.body.appendChild(container);
    // Typed while the scripts were on their way: nobody listening yet.
    (screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value = 'Early title';
    (screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement).value = 'Early body';
    const read: Record<string, string>[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Probe onRead={(values) => read.push(values)} />);
    });

    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Early title');
    expect(screen.getByRole('status', { name: 'Known' })).toHaveTextContent('Early title|Early body');
    fireEvent.change(screen.getByRole('textbox', { name: 'Body' }), { target: { value: 'Edited body' } });
    expect(screen.getByRole('status', { name: 'Known' })).toHaveTextContent('Early title|Edited body');

    fireEvent.submit(screen.getByRole('form', { name: 'Probe' }));
    expect(read).toEqual([{ title: 'Early title', body: 'Edited body' }]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.getByRole('status', { name: 'Known' })).toHaveTextContent('|');
  });
});
