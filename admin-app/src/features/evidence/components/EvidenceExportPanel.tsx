import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { EVIDENCE_MAX_DAYS, EvidenceQuerySchema } from '@ai-mind/contracts';
import { useAccount } from '../../../lib/account';
import { EVIDENCE_ACTION } from '../api/evidence-api';

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/**
 * The owner's period export: the evidence of every article published between two days (UTC, both
 * included, at most EVIDENCE_MAX_DAYS), as CSV or JSON. A plain GET form, so the browser downloads
 * the streamed file itself; the dates are checked here with the API's own schema first, so a mistake
 * shows next to its field instead of replacing the panel with the API's 400.
 */
export function EvidenceExportPanel() {
  const account = useAccount();
  const [values, setValues] = useState({ from: monthStart(), to: today(), format: 'csv' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (account && account.role !== 'owner') return null;

  const check = (event: FormEvent) => {
    const parsed = EvidenceQuerySchema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
  };
  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => setValues({ ...values, [name]: event.currentTarget.value });

  return (
    <Paper withBorder p="lg" data-testid="evidence-export">
      <Stack gap="xs">
        <Title order={3}>Evidence export</Title>
        <Text size="sm" c="dimmed">
          The record behind the AI involvement grade of every article published in a period (at most {EVIDENCE_MAX_DAYS} days): review steps with times and
          notes, claims checked, flagged and overridden, the share of the AI draft changed, corrections, and the labels readers were shown. Also from the
          command line: <code>node backend/dist/main.cli.js evidence --from … --to … --format csv</code>.
        </Text>
        <form method="get" action={EVIDENCE_ACTION} onSubmit={check} aria-label="Evidence export">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label="Published from" type="date" name="from" required value={values.from} onChange={set('from')} error={errors.from} />
            <TextInput label="to (included)" type="date" name="to" required value={values.to} onChange={set('to')} error={errors.to} />
            <NativeSelect label="Format" name="format" data={['csv', 'json']} value={values.format} onChange={set('format')} error={errors.format} />
            <Button type="submit" variant="default" mt={24}>
              Download
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
