import { Alert, Text } from '@mantine/core';
import { useArticleOutletMix } from '../api/outlets-api';
import { OutletMixSummary } from './OutletMixSummary';

/** The outlet mix of the topic an article was written from, and its single-source approval with the editor's note. */
export function ArticleOutletMix({ articleId }: { articleId: number }) {
  const mix = useArticleOutletMix(articleId);
  if (!mix.data?.mix) return null;
  const { data } = mix;
  return (
    <>
      <OutletMixSummary mix={data.mix!} required={data.minIndependentOutlets} forApproval={false} />
      {data.singleSource && (
        <Alert color="orange" variant="light" title="Approved as single-source" data-testid="single-source-approval">
          <Text size="sm">{`${data.independentOutletsAtApproval ?? 'An unrecorded number of'} independent outlet${data.independentOutletsAtApproval === 1 ? '' : 's'} at approval. The editor's note: ${data.note}`}</Text>
        </Alert>
      )}
    </>
  );
}
