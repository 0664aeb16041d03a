import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SINGLE_SOURCE_NOTE_MAX, type TrendingTopic } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { APPROVE_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { useApproveTopic } from '../../trending/api/trending-api';
import { fieldErrorsOf } from '../api/outlets-api';

/**
 * Approve, or, for a topic below the newsroom's independent outlets, approve as single-source: the
 * editor writes why, and the server's field error (singleSource or note) shows under the note.
 */
export function ApproveTopicControl({ topic, belowSetting }: { topic: TrendingTopic; belowSetting: boolean }) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const approve = useApproveTopic({
    onSuccess: () => {
      setAsking(false);
      setNote('');
      setFieldError(null);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      const sourcing = fields.note ?? fields.singleSource;
      if (sourcing) {
        // The server counted fewer independent outlets than the list showed: ask for the note now.
        setAsking(true);
        setFieldError(sourcing);
      } else showAlert(serverMessage(error, MESSAGES.approveTopicFailed, APPROVE_ERROR_FIELDS));
    },
  });
  const base = { topicId: topic.id, topic: topic.topic, sourceUrl: topic.sourceUrl, category: topic.category };

  if (!asking) {
    return (
      <Button size="xs" color="green" loading={approve.isPending} onClick={() => (belowSetting ? setAsking(true) : approve.mutate(base))}>
        {belowSetting ? 'Approve as single-source…' : 'Approve'}
      </Button>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldError(null);
    approve.mutate({ ...base, singleSource: true, note });
  };
  return (
    <form onSubmit={submit} aria-label={`Approve ${topic.topic} as single-source`} style={{ flex: '1 1 100%' }}>
      <Stack gap="xs">
        <Text size="sm">
          Too few independent outlets cover this topic. The AI may write from it only as single-source: the article will say &quot;single source&quot; in its
          label, and your note is kept with the approval and shown to readers.
        </Text>
        <Textarea
          label="Editor's note: why it may be written from a single source"
          name="note"
          required
          autosize
          minRows={2}
          maxLength={SINGLE_SOURCE_NOTE_MAX}
          value={note}
          error={fieldError}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" color="green" loading={approve.isPending}>
            Approve as single-source
          </Button>
          <Button size="xs" variant="subtle" onClick={() => (setAsking(false), setFieldError(null))}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
