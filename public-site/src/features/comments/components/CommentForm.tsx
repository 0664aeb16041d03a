import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { COMMENT_CONTENT_MAX, COMMENT_MESSAGES, COMMENT_NAME_MAX } from '@ai-mind/contracts/web';
import { commentRejection, usePostComment } from '../hooks/use-comments';

/**
 * Name and comment (spec section 5): submit is disabled until both are filled after trimming; the
 * form is disabled while posting, cleared on success, kept on failure.
 */
export function CommentForm({ articleId, onPosted }: { articleId: number; onPosted: () => void }) {
  const [authorName, setAuthorName] = useState('');
  const [content, setContent] = useState('');
  const post = usePostComment(articleId, () => {
    setAuthorName('');
    setContent('');
    onPosted();
  });
  const complete = authorName.trim() !== '' && content.trim() !== '';
  const posting = post.isPending;
  const reason = commentRejection(post.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (posting) return;
    if (!complete) {
      notifications.show({ color: 'red', title: COMMENT_MESSAGES.incompleteTitle, message: COMMENT_MESSAGES.incomplete });
      return;
    }
    post.mutate({ authorName: authorName.trim(), content: content.trim() });
  };

  return (
    <Stack component="form" gap="sm" aria-label="Write a comment" onSubmit={submit}>
      <TextInput
        label="Name"
        name="authorName"
        autoComplete="name"
        withAsterisk
        maxLength={COMMENT_NAME_MAX}
        value={authorName}
        onChange={(event) => setAuthorName(event.currentTarget.value)}
        disabled={posting}
      />
      <Textarea
        label="Comment"
        name="content"
        withAsterisk
        autosize
        minRows={3}
        maxLength={COMMENT_CONTENT_MAX}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        disabled={posting}
      />
      {reason && (
        <Alert color="red" variant="light" role="alert">
          {reason}
        </Alert>
      )}
      <Button type="submit" disabled={!complete} loading={posting} style={{ alignSelf: 'flex-start' }}>
        Post Comment
      </Button>
    </Stack>
  );
}
