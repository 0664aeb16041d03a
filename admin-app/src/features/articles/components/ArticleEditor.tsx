import '@mantine/tiptap/styles.layer.css';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  adminKeys,
  ARTICLE_CONTENT_MAX_LENGTH,
  ARTICLE_CONTENT_TOO_DEEP_MESSAGE,
  ARTICLE_CONTENT_TOO_LONG_MESSAGE,
  articleNestingAllowed,
  META_DESCRIPTION_LENGTH,
  stripTags,
  type AdminArticle,
} from '@ai-mind/contracts';
import { ApiError, serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { fetchAdminArticle, useSaveArticle } from '../api/articles-api';

type SaveSource = 'button' | 'shortcut';

/** Editor height limits of docs/product.md#limits. */
export const EDITOR_MIN_HEIGHT = 400;
export const EDITOR_MAX_HEIGHT = 600;

/** What the editor had typed when its save was refused, kept on screen to copy. */
interface Conflict {
  message: string;
  title: string;
  content: string;
  metaDescription: string;
}

/**
 * One blog at a time: title, rich content, meta description. Ctrl+S saves; Cancel discards. A save
 * carries the version the editor loaded; when someone else changed the article since, the server
 * refuses it (409) naming who and when, and the editor offers to load their version while keeping
 * this editor's text visible to copy.
 */
export function ArticleEditor({ article, onClose }: { article: AdminArticle; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(article.version);
  const [conflict, setConflict] = useState<Conflict | null>(null);
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
  // The server's limits, said before the save rather than by its 400.
  const contentProblem = useMemo(
    () =>
      content.length > ARTICLE_CONTENT_MAX_LENGTH
        ? `Content ${ARTICLE_CONTENT_TOO_LONG_MESSAGE} (it has ${content.length.toLocaleString('en')}).`
        : articleNestingAllowed(content)
          ? null
          : `Content ${ARTICLE_CONTENT_TOO_DEEP_MESSAGE}.`,
    [content],
  );

  const source = useRef<SaveSource>('button');
  const save = useSaveArticle({
    onSuccess: () => {
      notifications.show({ title: 'Saved', message: `"${title.trim()}" is saved.` });
      if (source.current === 'button') onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setConflict({ message: serverMessage(error, MESSAGES.saveArticleFailed, ADMIN_ERROR_FIELDS), title, content, metaDescription });
        return;
      }
      showAlert(source.current === 'shortcut' ? MESSAGES.saveContentFailed : MESSAGES.saveArticleFailed);
    },
  });
  const saveFrom = (from: SaveSource) => {
    source.current = from;
    save.mutate({ id: article.id, title: title.trim(), content, metaDescription: metaDescription.trim(), version });
  };

  /** Loads the article as it is now into the editor; the refused text stays in the conflict box. */
  const reload = useMutation({
    mutationFn: () => fetchAdminArticle(article.id),
    onSuccess: (latest) => {
      queryClient.setQueryData(adminKeys.article(article.id), latest);
      setVersion(latest.version);
      setTitle(latest.title);
      setContent(latest.content);
      setMetaDescription(latest.metaDescription ?? '');
      editor?.commands.setContent(latest.content);
    },
    onError: (error) =>
      showAlert(
        error instanceof ApiError && error.status === 404
          ? 'This article has been deleted.'
          : serverMessage(error, MESSAGES.fetchArticlesFailed, ADMIN_ERROR_FIELDS),
      ),
  });

  // The shortcut must see the latest state without re-registering on every keystroke.
  const saveWithShortcut = useRef(() => {});
  useEffect(() => {
    saveWithShortcut.current = () => (!complete ? showAlert(MESSAGES.saveIncomplete) : contentProblem ? showAlert(contentProblem) : saveFrom('shortcut'));
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
        {conflict && (
          <Alert color="orange" title="Not saved: this article changed" data-testid="save-conflict">
            <Stack gap="xs">
              <Text size="sm">{conflict.message}</Text>
              <Textarea
                label="Your text (not saved), to copy"
                readOnly
                autosize
                maxRows={10}
                value={[conflict.title, conflict.metaDescription, stripTags(conflict.content)].filter(Boolean).join('\n\n')}
              />
              <Group gap="xs">
                <Button size="xs" loading={reload.isPending} onClick={() => reload.mutate()}>
                  Load their version
                </Button>
                <Button size="xs" variant="default" onClick={() => setConflict(null)}>
                  Dismiss
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
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
        {contentProblem && (
          <Text size="sm" c="red" data-testid="content-problem">
            {contentProblem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete || contentProblem !== null} loading={save.isPending} onClick={() => saveFrom('button')}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
