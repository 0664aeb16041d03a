import {
  AI_GRADE_LABELS,
  AI_GRADES,
  CORRECTIONS_PATH,
  NEWSROOM_PAGES,
  PUBLISHING_PRINCIPLES_SECTIONS,
  SUBSTANTIVE_REVIEW,
  type AiGrade,
  type NewsroomTextKey,
} from '@ai-mind/contracts';

/**
 * The demo's newsroom texts: what an AI newsroom run on this software can honestly promise, written
 * from what the software records (kept sources, the claim check, the named reviewing editor, the
 * grade computed from the record, public corrections). An operator edits them in the admin
 * (Newsroom) before relying on them: they describe the software's process, not the operator's company.
 */

/** How each grade is reached, in the words of the rule (libs/contracts/src/disclosure.ts). */
const GRADE_RULES: Record<AiGrade, string> = {
  'ai-unreviewed':
    'the AI wrote it and the record does not show a substantive review. It carries the EU "AI-generated" label next to the headline, on its card, in the RSS feed, in the newsletter and in the tags link previews read.',
  'ai-reviewed':
    'the AI wrote it, and a named editor with an account reviewed it: a review step taken before publishing, every flagged claim resolved or overridden with a note, and either time spent reviewing or changes made.',
  'human-ai-assisted': `an AI draft that people rewrote for the most part (at least ${Math.round(SUBSTANTIVE_REVIEW.humanRewriteShare * 100)}% of its words), under a named editor.`,
  human: 'first written by a person with an account, with no AI draft behind it.',
};

const gradeList = `<ul>${AI_GRADES.map((grade) => `<li><strong>${AI_GRADE_LABELS[grade]}</strong>: ${GRADE_RULES[grade]}</li>`).join('')}</ul>`;

export const DEMO_NEWSROOM_TEXTS: Record<NewsroomTextKey, string> = {
  publishingPrinciples: `<p>The AI Mind is written by an AI and published by people. These are the rules every article goes through, and what the site records so that anyone can check them.</p>
<h2>How an article is made</h2>
<ol>
<li>An editor approves a topic. The sources behind it are fetched and kept: the AI writes only from those kept sources, and the article lists them.</li>
<li>The AI writes a draft. Every factual sentence is checked against the kept sources; a claim no source supports is flagged.</li>
<li>An editor reviews the draft under their own name: reads it against its sources, resolves or overrides each flag (an override needs a written note), edits what is wrong, and may reject the draft. Only then is it published.</li>
<li>The site records who reviewed and published it, how long the review took, how much of the AI's draft was changed, and which engine and prompt wrote it. The "How this was made" panel on each article shows that record.</li>
</ol>
<h2>Labels</h2>
<p>Every article carries a grade computed from that record, never typed by hand:</p>
${gradeList}
<p>Our <a href="${NEWSROOM_PAGES.ethicsPolicy}">ethics and AI policy</a> explains the rule behind these labels.</p>
<h2 id="${PUBLISHING_PRINCIPLES_SECTIONS.feedback}">Feedback</h2>
<p>Every article has a "Report an error" form: it reaches the editors' queue, and each report is answered by a correction, an update or a reason why the text stands. For anything else, write to the editors from the <a href="/contact">contact page</a>. We read every message; we do not promise to publish replies.</p>
<h2 id="${PUBLISHING_PRINCIPLES_SECTIONS.verification}">Verification</h2>
<p>An article states only what its kept sources support. The claim check matches each cited sentence to the passage of the source that supports it, and readers can open that passage from the sentence's marker. A claim the check could not match is either removed, rewritten, or kept by an editor who writes down why. Where sources disagree, the article says so and names them. We do not publish anonymous sources.</p>`,

  correctionsPolicy: `<p>When an article gets something wrong, we correct it in public.</p>
<ul>
<li>The article is fixed, and a dated note at its end says what was wrong and what changed. We do not silently edit a published fact.</li>
<li>An update note is added when events move on after publication; it is marked as an update, not a correction.</li>
<li>Every note is listed, newest first, on the <a href="${CORRECTIONS_PATH}">corrections page</a>, and published in the site's RSS feed.</li>
<li>The article's history keeps every version, and its grade is computed again after the change.</li>
<li>An article whose core claim is wrong is unpublished, with a note on the corrections page saying why.</li>
</ul>
<p>To report an error, use the "Report an error" form on the article, or the <a href="/contact">contact page</a>. Errors made by the AI are our errors: the editor who published the article answers for it.</p>`,

  ethicsPolicy: `<p>The AI Mind uses a large language model to write articles. People decide what it writes about, check what it wrote, and answer for what is published.</p>
<h2>What the AI does, and does not do</h2>
<ul>
<li>It writes drafts and commentary from sources an editor approved and the site kept. It does not browse the web on its own while writing, and it does not invent quotes.</li>
<li>It does not publish. Every article is published by an editor with an account, whose name is on the record.</li>
<li>The site's chat says, in its first message, that readers are talking to an AI.</li>
<li>Generated images are marked as AI-made in their metadata.</li>
</ul>
<h2>The EU AI Act</h2>
<p>Article 50(4) of the EU AI Act asks that text generated by AI to inform the public on matters of public interest is disclosed as such, unless it underwent human review or editorial control and a person holds editorial responsibility for it. We apply that rule per article, from the record: an AI-written article that was not substantively reviewed carries the "${AI_GRADE_LABELS['ai-unreviewed']}" label; one that was carries "${AI_GRADE_LABELS['ai-reviewed']}" and names its editor. A review counts as substantive only when the record shows it: a review step before publishing, every flagged claim resolved or overridden with a note, and at least ${SUBSTANTIVE_REVIEW.minReviewMinutes} minutes of review or changes to the draft. A skim or a spelling pass does not count.</p>
<h2>What we will not do</h2>
<ul>
<li>Publish an AI's text as a person's.</li>
<li>Let advertisers or sponsors see or change an article before it is published.</li>
<li>Use readers' comments or messages to train a model.</li>
</ul>`,

  masthead: `<p>The people who edit The AI Mind and answer for what it publishes. Each article names the editor who reviewed and published it. A person appears here only if they agreed to be named.</p>`,

  ownershipFunding: `<p>The AI Mind is a demonstration of publishing software that keeps the record of how each article was made. The operator of this site replaces this text with who owns the publication and how it is paid for.</p>
<h2>What this page must say</h2>
<ul>
<li>Who owns the publication, and any company or group it belongs to.</li>
<li>How it is paid for: advertising, subscriptions, grants, sponsorship. Each source of more than a tenth of its income is named.</li>
<li>Who pays for the AI: which model provider's service writes the drafts, and that the provider has no say in what is published.</li>
</ul>
<p>Advertising on the site is marked as such and kept apart from articles. No advertiser sees an article before it is published.</p>`,
};
