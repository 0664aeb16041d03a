import '@mantine/tiptap/styles.css';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { adminKeys, articleKeys, META_DESCRIPTION_LENGTH, stripTags, type Article } from '@ai-mind/contracts';
import { showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { updateBlog } from '../api/articles-api';

type SaveSource = 'button' | 'shortcut';

/** Editor height limits of spec section 9. */
export const EDITOR_MIN_HEIGHT = 400;
export const EDITOR_MAX_HEIGHT = 600;

/** One blog at a time: title, rich content, meta description. Ctrl+S saves; Cancel discards. */
export function BlogEditor({ article, onClose }: { article: Article; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(article.title);
  const [content, setContent] = useState(article.content);
  const [metaDescription, setMetaDescription] = useState(article.metaDescription ?? '');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [1, 2, 3] } }), Link],
    content: article.content,
    onUpdate: ({ editor: current }) => setContent(current.getHTML()),
    editorProps: {
      // Pasted text arrives as plain text: no foreign markup, styles or scripts in articles.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain') ?? '';
        view.dispatch(view.state.tr.insertText(text));
        return true;
      },
    },
  });
  const complete = title.trim().length > 0 && stripTags(content).length > 0;

  const save = useMutation({
    mutationFn: (_source: SaveSource) => updateBlog(article.id, { title: title.trim(), content, metaDescription: metaDescription.trim() }),
    onSuccess: async (_result, source) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.articles() }),
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
      ]);
      notifications.show({ title: 'Saved', message: `"${title.trim()}" is saved.` });
      if (source === 'button') onClose();
    },
    onError: (_error, source) => showAlert(source === 'shortcut' ? MESSAGES.saveContentFailed : MESSAGES.saveBlogFailed),
  });

  // The shortcut must see the latest state without re-registering on every keystroke.
  const saveWithShortcut = useRef(() => {});
  useEffect(() => {
    saveWithShortcut.current = () => (complete ? save.mutate('shortcut') : showAlert(MESSAGES.saveIncomplete));
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveWithShortcut.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Paper withBorder p="lg" data-testid="blog-editor">
      <Stack>
        <Title order={3}>Edit blog</Title>
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Content
          </Text>
          <RichTextEditor editor={editor}>
            <RichTextEditor.Toolbar sticky>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Underline />
                <RichTextEditor.Link />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H1 />
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Blockquote />
              </RichTextEditor.ControlsGroup>
            </RichTextEditor.Toolbar>
            <RichTextEditor.Content mih={EDITOR_MIN_HEIGHT} mah={EDITOR_MAX_HEIGHT} style={{ overflowY: 'auto' }} />
          </RichTextEditor>
        </Stack>
        <TextInput
          label="Meta description"
          value={metaDescription}
          maxLength={META_DESCRIPTION_LENGTH}
          description={`${metaDescription.length}/${META_DESCRIPTION_LENGTH} characters`}
          onChange={(e) => setMetaDescription(e.currentTarget.value)}
        />
        {!complete && (
          <Text size="sm" c="red">
            {MESSAGES.saveIncomplete}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete} loading={save.isPending} onClick={() => save.mutate('button')}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
