import { EVIDENCE_CSV_COLUMNS, type EvidenceCsvColumn, type EvidenceQuery, type EvidenceRecord } from '@ai-mind/contracts';
import { csvLine } from '../../common/csv.js';

type Cells = Partial<Record<EvidenceCsvColumn, string | number | boolean | null>>;

/** The CSV rows of one record (EVIDENCE_CSV_COLUMNS says what each `record` kind means). */
export function evidenceCsvRows(record: EvidenceRecord): Cells[] {
  const article: Cells = {
    article_id: record.article.id,
    title: record.article.title,
    url: record.article.url,
    grade: record.grade.grade,
    label: record.grade.label,
    responsible_editor: record.responsibleEditor,
    edited_share: record.editedShare,
  };
  const rows: Cells[] = [
    {
      record: 'grade',
      at: record.article.publishedAt,
      action: record.grade.grade,
      note: record.grade.label,
      detail: record.grade.disclosed ? 'the EU disclosure "AI-generated" is shown' : 'no disclosure needed',
    },
    ...record.grade.checks.map((check) => ({ record: 'check', action: check.met ? 'met' : 'not met', note: check.rule, detail: check.detail })),
    ...record.steps.map((step) => ({
      record: 'step',
      at: step.at,
      actor: step.actor,
      action: step.action,
      stage_from: step.stageFrom,
      stage_to: step.stageTo,
      note: step.note,
      revision_id: step.revisionId,
    })),
  ];
  if (record.claims) {
    const claims = record.claims;
    rows.push({
      record: 'claims',
      at: claims.checkedAt,
      detail: `${claims.checked} checked, ${claims.flagged} flagged, ${claims.overridden} overridden, ${claims.open} open (article version ${claims.articleVersion})`,
    });
    for (const claim of claims.flaggedClaims) {
      rows.push({
        record: 'claim',
        at: claim.overriddenAt,
        actor: claim.overriddenBy === null ? null : `admin:${claim.overriddenBy}`,
        action: claim.overriddenBy === null ? 'open' : 'overridden',
        note: claim.note,
        detail: `#${claim.position} [${claim.flags.join(', ')}]${claim.sourceNumber === null ? '' : ` source ${claim.sourceNumber}`}: ${claim.sentence}`,
      });
    }
  } else {
    rows.push({ record: 'claims', detail: 'its claims were not checked against sources' });
  }
  for (const correction of record.corrections)
    rows.push({ record: 'correction', at: correction.createdAt, action: correction.kind, note: correction.text, detail: correction.id });
  for (const label of record.labels)
    rows.push({
      record: 'label',
      at: label.since,
      action: label.grade,
      note: label.label,
      detail: label.disclosed ? 'disclosed' : 'not disclosed',
      until: label.until,
      revision_id: label.revisionId,
    });
  return rows.map((row) => ({ ...article, ...row }));
}

/** The CSV export, a line at a time: the header, then each record's rows as the records come. */
export async function* evidenceCsv(records: AsyncIterable<EvidenceRecord>): AsyncGenerator<string> {
  yield csvLine(EVIDENCE_CSV_COLUMNS);
  for await (const record of records) {
    yield evidenceCsvRows(record)
      .map((row) => csvLine(EVIDENCE_CSV_COLUMNS.map((column) => row[column] ?? null)))
      .join('');
  }
}

/** The JSON export (EvidenceExportSchema), written as the records come: never the whole array in memory. */
export async function* evidenceJson(records: AsyncIterable<EvidenceRecord>, query: EvidenceQuery, exportedAt = new Date()): AsyncGenerator<string> {
  const head = { exportedAt: exportedAt.toISOString(), query: { article: query.article ?? null, from: query.from ?? null, to: query.to ?? null } };
  yield `${JSON.stringify(head).slice(0, -1)},"articles":[`;
  let first = true;
  for await (const record of records) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(record)}`;
    first = false;
  }
  yield '\n]}\n';
}

/** The export in the format asked for, with its content type and a file name for the download. */
export function evidenceDocument(
  records: AsyncIterable<EvidenceRecord>,
  query: EvidenceQuery,
): { chunks: AsyncGenerator<string>; contentType: string; fileName: string } {
  const scope = query.article !== undefined ? `article-${query.article}` : `${query.from}-to-${query.to}`;
  return query.format === 'json'
    ? { chunks: evidenceJson(records, query), contentType: 'application/json; charset=utf-8', fileName: `evidence-${scope}.json` }
    : { chunks: evidenceCsv(records), contentType: 'text/csv; charset=utf-8', fileName: `evidence-${scope}.csv` };
}
