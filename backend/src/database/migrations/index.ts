import { Migration20261121052511_initial } from './Migration20261121052511_initial.js';
import { Migration20261122090000_article_search } from './Migration20261122090000_article_search.js';
import { Migration20261122100000_admin } from './Migration20261122100000_admin.js';
import { Migration20261122110000_engagement } from './Migration20261122110000_engagement.js';
import { Migration20261122120000_workflow } from './Migration20261122120000_workflow.js';
import { Migration20261123100000_trending } from './Migration20261123100000_trending.js';
import { Migration20261123110000_recovery } from './Migration20261123110000_recovery.js';
import { Migration20261124090000_search_vector_inline } from './Migration20261124090000_search_vector_inline.js';
import { Migration20261124120000_article_history } from './Migration20261124120000_article_history.js';
import { Migration20261124150000_interaction_visitor } from './Migration20261124150000_interaction_visitor.js';
import { Migration20261124160000_audit_path } from './Migration20261124160000_audit_path.js';
import { Migration20261124200000_admin_at_scale } from './Migration20261124200000_admin_at_scale.js';
import { Migration20261124210000_grouped_reader_counts } from './Migration20261124210000_grouped_reader_counts.js';
import { Migration20261126230000_comment_changes } from './Migration20261126230000_comment_changes.js';
import { Migration20261126231000_audit_refusals } from './Migration20261126231000_audit_refusals.js';
import { Migration20261127100000_people } from './Migration20261127100000_people.js';
import { Migration20261127110000_review_schedule } from './Migration20261127110000_review_schedule.js';
import { Migration20261127120000_newsletter } from './Migration20261127120000_newsletter.js';
import { Migration20261127130000_page_view_rollups } from './Migration20261127130000_page_view_rollups.js';
import { Migration20261127140000_provenance } from './Migration20261127140000_provenance.js';
import { Migration20261127150000_public_record } from './Migration20261127150000_public_record.js';
import { Migration20261127160000_http_cache_purge } from './Migration20261127160000_http_cache_purge.js';

/** The ordered list of committed migrations; `cli migration:create` writes the file, add it here. */
export const MIGRATIONS = [
  { name: 'Migration20261121052511_initial', class: Migration20261121052511_initial },
  { name: 'Migration20261122090000_article_search', class: Migration20261122090000_article_search },
  { name: 'Migration20261122100000_admin', class: Migration20261122100000_admin },
  { name: 'Migration20261122110000_engagement', class: Migration20261122110000_engagement },
  { name: 'Migration20261122120000_workflow', class: Migration20261122120000_workflow },
  { name: 'Migration20261123100000_trending', class: Migration20261123100000_trending },
  { name: 'Migration20261123110000_recovery', class: Migration20261123110000_recovery },
  { name: 'Migration20261124090000_search_vector_inline', class: Migration20261124090000_search_vector_inline },
  { name: 'Migration20261124120000_article_history', class: Migration20261124120000_article_history },
  { name: 'Migration20261124150000_interaction_visitor', class: Migration20261124150000_interaction_visitor },
  { name: 'Migration20261124160000_audit_path', class: Migration20261124160000_audit_path },
  { name: 'Migration20261124200000_admin_at_scale', class: Migration20261124200000_admin_at_scale },
  { name: 'Migration20261124210000_grouped_reader_counts', class: Migration20261124210000_grouped_reader_counts },
  { name: 'Migration20261126230000_comment_changes', class: Migration20261126230000_comment_changes },
  { name: 'Migration20261126231000_audit_refusals', class: Migration20261126231000_audit_refusals },
  { name: 'Migration20261127100000_people', class: Migration20261127100000_people },
  { name: 'Migration20261127110000_review_schedule', class: Migration20261127110000_review_schedule },
  { name: 'Migration20261127120000_newsletter', class: Migration20261127120000_newsletter },
  { name: 'Migration20261127130000_page_view_rollups', class: Migration20261127130000_page_view_rollups },
  { name: 'Migration20261127140000_provenance', class: Migration20261127140000_provenance },
  { name: 'Migration20261127150000_public_record', class: Migration20261127150000_public_record },
  { name: 'Migration20261127160000_http_cache_purge', class: Migration20261127160000_http_cache_purge },
];
