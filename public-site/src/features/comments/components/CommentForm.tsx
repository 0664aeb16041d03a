import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useAdoptedForm } from '@ai-mind/ui';
import { COMMENT_CONTENT_MAX, COMMENT_MESSAGES, COMMENT_NAME_MAX, PAGE_FORM_ACTIONS, type FormFlash } from '@ai-mind/contracts/web';
import { useFormFlash } from '../../../app/page-state';
import { BackField, FormOutcomeAlert } from '../../../components/page-form';
import { commentRejection, usePostComment } from '../hooks/use-comments';

const FIELDS = ['authorName', 'content'] as const;

const isComplete = (values: Record<(typeof FIELDS)[number], string>) => values.authorName.trim() !== '' && values.content.trim() !== '';

/** The server's outcome of a comment the browser posted itself, in the spec's words. */
function FlashOutcome({ flash }: { flash: FormFlash }) {
  if (flash.outcome === 'sent') return <FormOutcomeAlert ok title={COMMENT_MESSAGES.posted.title} message={COMMENT_MESSAGES.posted.message} />;
  const errors = Object.values(flash.fieldErrors ?? {});
  if (errors.includes(COMMENT_MESSAGES.incomplete))
    return <FormOutcomeAlert ok={false} title={COMMENT_MESSAGES.incompleteTitle} message={COMMENT_MESSAGES.incomplete} />;
  return <FormOutcomeAlert ok={false} message={[flash.notice?.message, ...errors].filter(Boolean).join(' ') || COMMENT_MESSAGES.failed} />;
}

/**
 * Name and comment (docs/product.md#validation). A real form: posted by the browser before the scripts run (or
 * without them), the server answers with this page showing 'Comment posted!' or the reason with what
 * was typed. Once hydrated, submit is disabled until both are filled after trimming (the fields as
 * the reader left them, typed before hydration included); the form is disabled while posting,
 * cleared on success, kept on failure.
 */
export function CommentForm({ articleId, onPosted }: { articleId: number; onPosted: () => void }) {
  const flash = useFormFlash('comment', articleId);
  const [postedByApp, setPostedByApp] = useState(false);
  const { attach, onChange, values, read, clear } = useAdoptedForm(FIELDS);
  // What the server put back in the fields, fixed at mount: the fields are the reader's from then on.
  const [typed] = useState(() => flash?.values ?? {});
  const post = usePostComment(articleId, () => {
    clear();
    onPosted();
  });
  // Until the app has read the fields it cannot know they are empty: the server checks a browser's post.
  const complete = values ? isComplete(values) : true;
  const posting = post.isPending;
  const reason = commentRejection(post.error);
  const shownFlash = postedByApp ? null : flash;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (posting) return;
    const now = read();
    if (!isComplete(now)) {
      notifications.show({ color: 'red', title: COMMENT_MESSAGES.incompleteTitle, message: COMMENT_MESSAGES.incomplete });
      return;
    }
    setPostedByApp(true);
    post.mutate({ authorName: now.authorName.trim(), content: now.content.trim() });
  };

  return (
    <form aria-label="Write a comment" method="post" action={PAGE_FORM_ACTIONS.comment(articleId)} ref={attach} onChange={onChange} onSubmit={submit}>
      <Stack gap="sm">
        {shownFlash && <FlashOutcome flash={shownFlash} />}
        <BackField />
        <TextInput
          label="Name"
          name="authorName"
          autoComplete="name"
          withAsterisk
          maxLength={COMMENT_NAME_MAX}
          defaultValue={typed.authorName}
          disabled={posting}
        />
        <Textarea
          label="Comment"
          name="content"
          withAsterisk
          autosize
          minRows={3}
          maxLength={COMMENT_CONTENT_MAX}
          defaultValue={typed.content}
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
    </form>
  );
}
