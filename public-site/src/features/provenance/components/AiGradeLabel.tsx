import { Badge, Text } from '@mantine/core';
import type { ArticleGrade } from '@ai-mind/contracts/web';

/** A dark orange under white text, 7:1, past WCAG AA for small text (Mantine's orange.9 is under 4.5:1); the digest email uses it too. */
const DISCLOSURE_COLOR = '#9a3412';

/**
 * The article's AI involvement grade in a word (docs/disclosure.md): the EU AI Act's "AI-generated"
 * disclosure when the exemption of Article 50(4) is not met, shown plainly; any other grade's label
 * quieter. Server-rendered text, so it is there without scripts; cards pass `size="xs"`.
 */
export function AiGradeLabel({ grade, size = 'sm' }: { grade: Pick<ArticleGrade, 'grade' | 'label' | 'disclosed'>; size?: 'xs' | 'sm' }) {
  if (grade.disclosed) {
    return (
      <Badge color={DISCLOSURE_COLOR} variant="filled" size={size === 'xs' ? 'sm' : 'md'} radius="sm" data-testid="ai-grade" data-grade={grade.grade}>
        {grade.label}
      </Badge>
    );
  }
  return (
    <Text size={size} c="gray.7" data-testid="ai-grade" data-grade={grade.grade}>
      {grade.label}
    </Text>
  );
}

/** Each rule of a substantive review, met or not, as the article's record says (the "How this was made" panel). */
export function GradeChecks({ grade }: { grade: ArticleGrade }) {
  return (
    <ul data-testid="grade-checks" style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {grade.checks.map((check) => (
        <li key={check.rule}>
          <Text size="sm" span>{`${check.met ? 'Met' : 'Not met'}: ${check.rule}`}</Text> <Text size="sm" span c="gray.7">{`(${check.detail})`}</Text>
        </li>
      ))}
    </ul>
  );
}
